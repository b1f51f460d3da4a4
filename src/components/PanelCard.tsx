import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

/** Props of {@link PanelCard}. */
export interface PanelCardProps {
  /** Accessible name of the card (it is an `article`). */
  label: string;
  /** Shown edge to edge above the body, e.g. the game's art. */
  cover?: ReactNode;
  /** Links or buttons in a row along the bottom edge. */
  actions?: ReactNode[];
  children: ReactNode;
  style?: CSSProperties;
  bodyStyle?: CSSProperties;
}

/**
 * A card with a cover, a body and a row of actions, looking like antd's Card. antd's Card
 * brings Tabs, Menu and Dropdown with it (for its tab list), which is a sixth of the dashboard's
 * JavaScript; the dashboard's cards never have tabs, so they use this one.
 */
export function PanelCard({ label, cover, actions = [], children, style, bodyStyle }: PanelCardProps) {
  const { token } = theme.useToken();
  const divider = `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`;
  return (
    <article
      aria-label={label}
      style={{
        background: token.colorBgContainer,
        border: divider,
        borderRadius: token.borderRadiusLG,
        color: token.colorText,
        fontSize: token.fontSize,
        overflow: 'hidden',
        ...style,
      }}
    >
      {cover}
      <div style={{ padding: token.paddingLG, ...bodyStyle }}>{children}</div>
      {actions.length > 0 ? (
        <ul style={{ display: 'flex', listStyle: 'none', margin: 0, padding: 0, borderTop: divider, background: token.colorBgContainer }}>
          {actions.map((action, index) => (
            <li
              key={index}
              style={{
                flex: 1,
                margin: `${token.paddingSM}px 0`,
                textAlign: 'center',
                color: token.colorTextDescription,
                borderInlineEnd: index < actions.length - 1 ? divider : undefined,
              }}
            >
              {action}
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}
