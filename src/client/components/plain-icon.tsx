import { createElement, type HTMLAttributes, type ReactElement } from 'react';
import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';

interface PlainIconProps extends HTMLAttributes<HTMLSpanElement> {
  /** A definition from `@ant-design/icons-svg/es/asn/…` (outlined or filled). */
  icon: IconDefinition;
  spin?: boolean;
}

const camel = (name: string) => name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

function svgNode(node: AbstractNode, key: string, rootProps?: Record<string, string>): ReactElement {
  const attrs: Record<string, string> = {};
  for (const [name, value] of Object.entries(node.attrs)) attrs[name === 'class' ? 'className' : camel(name)] = value;
  return createElement(node.tag, { key, ...attrs, ...rootProps }, (node.children ?? []).map((child, i) => svgNode(child, `${key}-${i}`)));
}

/**
 * An antd icon drawn without @ant-design/icons (issue 17): the same markup as its `AntdIcon`
 * (`span.anticon.anticon-<name>` around a 1em svg in the text colour), from the same definitions,
 * for the parts of the site that are drawn without antd. The `.anticon` rules are in
 * styles/globals.css, so the first frame is already aligned (antd's icons add theirs when they mount).
 */
export function PlainIcon({ icon, spin, className, ...rest }: PlainIconProps) {
  const root = typeof icon.icon === 'function' ? icon.icon('currentColor', 'currentColor') : icon.icon;
  const classes = ['anticon', `anticon-${icon.name}`, spin || icon.name === 'loading' ? 'anticon-spin' : '', className].filter(Boolean).join(' ');
  return (
    <span role="img" aria-label={icon.name} {...rest} className={classes}>
      {svgNode(root, `svg-${icon.name}`, { 'data-icon': icon.name, width: '1em', height: '1em', fill: 'currentColor', 'aria-hidden': 'true' })}
    </span>
  );
}
