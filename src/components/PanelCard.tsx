import type { CSSProperties, ReactNode } from 'react';
import { PlainCard } from './PlainCard';

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

/** A card that stands for one thing of a list (an `article` named `label`), e.g. a server on the dashboard. */
export function PanelCard({ label, cover, actions, children, style, bodyStyle }: PanelCardProps) {
  return (
    <PlainCard as="article" aria-label={label} cover={cover} actions={actions} style={style} styles={{ body: bodyStyle }}>
      {children}
    </PlainCard>
  );
}
