import { Button, Card, Col, Flex, Form, Input, Row, Select, Switch, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { MenuItem } from '@/common/constants/settings';
import { SETTING_LIMITS } from '@/common/contract/settings';
import { linkRules } from '../settings-form-rules';

const SECTIONS = [{ value: 'header', label: 'Header' }, { value: 'footer', label: 'Footer' }];
const NEW_ITEM: MenuItem = { title: '', path: '/', section: 'header', isNewTab: false };

/**
 * The header and footer menus as one ordered list (the order is the order on the site): label,
 * link, which menu, new tab; add, remove and move up or down. A Form.List named `menus`.
 */
export function MenuEditor() {
  const max = SETTING_LIMITS.menuItemsMax;
  return (
    <Form.List
      name="menus"
      rules={[{ validator: async (_rule, items?: unknown[]) => { if ((items ?? []).length > max) throw new Error(`At most ${max} menu items`); } }]}
    >
      {(fields, { add, remove, move }, { errors }) => (
        <Flex vertical gap={8}>
          {fields.length === 0 ? <Typography.Text type="secondary">No menu items: the header and footer show only the built-in links.</Typography.Text> : null}
          {fields.map((field, index) => (
            <Card size="small" key={field.key} aria-label={`Menu item ${index + 1}`} role="group">
              <Row gutter={[8, 0]} align="bottom">
                <Col xs={24} md={7}>
                  <Form.Item
                    name={[field.name, 'title']}
                    label="Label"
                    rules={[
                      { required: true, whitespace: true, message: 'Enter the label' },
                      { max: SETTING_LIMITS.menuTitleMax, message: `At most ${SETTING_LIMITS.menuTitleMax} characters` },
                    ]}
                  >
                    <Input maxLength={SETTING_LIMITS.menuTitleMax} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item name={[field.name, 'path']} label="Link" rules={linkRules('Link', { optional: false })}>
                    <Input placeholder="/page/about or https://…" />
                  </Form.Item>
                </Col>
                <Col xs={12} md={4}>
                  <Form.Item name={[field.name, 'section']} label="Menu">
                    <Select options={SECTIONS} />
                  </Form.Item>
                </Col>
                <Col xs={12} md={2}>
                  <Form.Item name={[field.name, 'isNewTab']} label="New tab" valuePropName="checked">
                    <Switch size="small" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={3}>
                  <Form.Item label={<span className="app-muted">Order</span>}>
                    <Flex gap={4}>
                      <Tooltip title="Move up">
                        <Button size="small" icon={<ArrowUpOutlined />} aria-label={`Move item ${index + 1} up`} disabled={index === 0} onClick={() => move(index, index - 1)} />
                      </Tooltip>
                      <Tooltip title="Move down">
                        <Button size="small" icon={<ArrowDownOutlined />} aria-label={`Move item ${index + 1} down`} disabled={index === fields.length - 1} onClick={() => move(index, index + 1)} />
                      </Tooltip>
                      <Tooltip title="Remove">
                        <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Remove item ${index + 1}`} onClick={() => remove(field.name)} />
                      </Tooltip>
                    </Flex>
                  </Form.Item>
                </Col>
              </Row>
            </Card>
          ))}
          <Button icon={<PlusOutlined />} onClick={() => add({ ...NEW_ITEM })} disabled={fields.length >= max} style={{ alignSelf: 'flex-start' }}>
            Add menu item
          </Button>
          <Form.ErrorList errors={errors} />
        </Flex>
      )}
    </Form.List>
  );
}

/** Menu items as the form holds them (a switch needs a boolean) and as they are stored (new tab only when on). */
export const menusToForm = (menus: MenuItem[]): MenuItem[] => menus.map((m) => ({ ...m, isNewTab: Boolean(m.isNewTab) }));
export const menusFromForm = (menus: MenuItem[] | undefined): MenuItem[] =>
  (menus ?? []).map(({ title, path, section, isNewTab }) => ({ title: (title ?? '').trim(), path: (path ?? '').trim(), section, ...(isNewTab ? { isNewTab: true } : {}) }));
