import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/lib/types';
import { createElement, type CSSProperties, type ReactNode } from 'react';

/** Props of {@link PlainIcon}. */
export interface PlainIconProps {
  icon: IconDefinition;
  style?: CSSProperties;
  /** Hidden from assistive technology when the text beside it says the same. */
  'aria-hidden'?: boolean | 'true';
}

// The drawings spell SVG attributes as in markup (fill-rule); React wants them camel-cased (fillRule).
const reactAttrs = (attrs: AbstractNode['attrs']) => Object.fromEntries(Object.entries(attrs).map(([name, value]) => [name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()), value]));

function renderNode(node: AbstractNode, key: number): ReactNode {
  return createElement(node.tag, { key, ...reactAttrs(node.attrs) }, node.children?.map(renderNode));
}

/**
 * One of antd's icons drawn from its SVG data alone, marked up as antd draws it (`anticon`, an
 * image named after the icon). For what every page loads first (notifications, the guest pages'
 * brand): antd's icon component brings its colour and style utilities with it.
 */
export function PlainIcon({ icon, style, 'aria-hidden': ariaHidden }: PlainIconProps) {
  // Two-tone icons are functions of their colours; the ones used here are single-colour drawings.
  const drawing = icon.icon as AbstractNode;
  return (
    <span role="img" aria-label={icon.name} aria-hidden={ariaHidden} className={`anticon anticon-${icon.name}`} style={style}>
      <svg {...reactAttrs(drawing.attrs)} width="1em" height="1em" fill="currentColor" aria-hidden="true">
        {drawing.children?.map(renderNode)}
      </svg>
    </span>
  );
}
