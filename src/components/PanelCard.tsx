import type { CSSProperties, ReactNode } from 'react';
import { PlainCard } from './PlainCard';

/** Props of {@link PanelCard}. */
export interface PanelCardProps {
  /** Accessible name of the card (it is an `article`). */
  label?: string;
  /** Shown in a header band above the body, as antd Card's title. */
  title?: ReactNode;
  /** `small`: the tighter header and padding of antd's small Card. */
  size?: 'default' | 'small';
  /** Shown edge to edge above the body, e.g. the game's art. */
  cover?: ReactNode;
  /** Links or buttons in a row along the bottom edge. */
  actions?: ReactNode[];
  children: ReactNode;
  style?: CSSProperties;
  bodyStyle?: CSSProperties;
}

/** A card that stands for one thing of a list (an `article` named `label`): a server on the dashboard, a setup. */
export function PanelCard({ label, title, size, cover, actions, children, style, bodyStyle }: PanelCardProps) {
  return (
    <PlainCard as="article" aria-label={label} title={title} size={size} cover={cover} actions={actions} style={style} styles={{ body: bodyStyle }}>
      {children}
    </PlainCard>
  );
}
