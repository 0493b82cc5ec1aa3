import { Card, Descriptions } from 'antd';
import { labelOf } from '@/common/constants/performer-attributes';
import type { PerformerPublic } from '@/common/contract/performers';
import { ATTRIBUTE_FIELDS } from '../performer-attribute-fields';

/** The attributes a creator filled in (spec 3 option labels); nothing when none is set. */
export function PerformerDetails({ performer }: { performer: PerformerPublic }) {
  const items = ATTRIBUTE_FIELDS.map((f) => ({ key: f.name, label: f.label, children: labelOf(f.options, performer[f.name]) })).filter(
    (d) => d.children,
  );
  if (!items.length) return null;
  return (
    <Card title="Details" size="small">
      <Descriptions size="small" column={1} colon={false} items={items} styles={{ label: { width: 150 } }} />
    </Card>
  );
}
