import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { usePanelToken } from '../themes/themeTokens';

/** One tab of {@link PlainTabs}. */
export interface PlainTab {
  key: string;
  label: ReactNode;
  children: ReactNode;
}

/** Props of {@link PlainTabs}. */
export interface PlainTabsProps {
  items: PlainTab[];
  activeKey: string;
  /** Asked to show another tab (the owner decides, e.g. after a question about unsaved edits). */
  onChange: (key: string) => void;
}

/**
 * Tabs in antd's look (a tab row with an ink bar under the chosen tab), showing only the chosen
 * tab's content. The ARIA tabs pattern: the arrow keys, Home and End move between the tabs, and
 * Enter or Space opens the focused one (a tab may ask a question before it opens, so focus alone
 * does not switch). antd's Tabs brings Menu and Dropdown along for tabs that overflow the row.
 */
export function PlainTabs({ items, activeKey, onChange }: PlainTabsProps) {
  const token = usePanelToken();
  const base = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const activeIndex = Math.max(
    0,
    items.findIndex((item) => item.key === activeKey),
  );
  const active = items[activeIndex];
  const moveFocus = (event: KeyboardEvent, from: number) => {
    const last = items.length - 1;
    const to = { ArrowRight: from + 1, ArrowLeft: from - 1, Home: 0, End: last }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    tabs.current[(to + items.length) % items.length]?.focus();
  };
  return (
    <div>
      <div
        role="tablist"
        style={{ display: 'flex', flexWrap: 'wrap', columnGap: token.marginXL, marginBottom: token.margin, borderBottom: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}` }}
      >
        {items.map((item, index) => {
          const selected = index === activeIndex;
          return (
            <button
              key={item.key}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${index}`}
              aria-selected={selected}
              aria-controls={`${base}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => !selected && onChange(item.key)}
              onKeyDown={(event) => moveFocus(event, index)}
              style={{
                padding: `${token.paddingSM}px 0`,
                marginBottom: -token.lineWidth,
                border: 'none',
                borderBottom: `2px solid ${selected ? token.colorPrimaryText : 'transparent'}`,
                background: 'none',
                color: selected ? token.colorPrimaryText : token.colorText,
                font: 'inherit',
                fontSize: token.fontSize,
                cursor: 'pointer',
              }}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {active ? (
        <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${activeIndex}`}>
          {active.children}
        </div>
      ) : null}
    </div>
  );
}
