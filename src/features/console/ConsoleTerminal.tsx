import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import UnlockOutlined from '@ant-design/icons-svg/es/asn/UnlockOutlined';
import VerticalAlignBottomOutlined from '@ant-design/icons-svg/es/asn/VerticalAlignBottomOutlined';
import { Button } from 'antd';
import { memo, useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutputListener } from '../../api/serverSocket';
import { OutputBatcher } from './OutputBatcher';
import { CONSOLE_SCROLLBACK, createXtermAdapter } from './terminal/createXtermAdapter';
import type { TerminalAdapter, TerminalFactory } from './terminal/TerminalAdapter';
import { TerminalSearch } from './TerminalSearch';
import { translatePanelNotice } from './panelNotices';
import { PlainIcon } from '../../components/PlainIcon';

/** What the console page can do with the terminal besides streaming the server's output. */
export interface ConsoleTerminalHandle {
  /** Shows a line of the panel's own (an echoed command, a refusal), between the server's lines. */
  printLocal(line: string): void;
}

/** Props of {@link ConsoleTerminal}. */
export interface ConsoleTerminalProps {
  /** Follows the server's output (from the console socket). */
  subscribeOutput: (listener: OutputListener) => () => void;
  /** Makes the terminal; the xterm.js one unless told otherwise. */
  createTerminal?: TerminalFactory;
  ref?: Ref<ConsoleTerminalHandle>;
}

/**
 * The console output: ANSI colours, search, scroll lock and a jump-to-bottom button. Lines reach
 * the terminal in short slices of small pieces, one slice per animation frame (OutputBatcher),
 * so a flood of output keeps the page smooth even on a busy machine.
 * Memoised: the page re-renders with every stats sample, the terminal has no reason to.
 */
export const ConsoleTerminal = memo(function ConsoleTerminal({ subscribeOutput, createTerminal = createXtermAdapter, ref }: ConsoleTerminalProps) {
  const { t } = useTranslation();
  // The newest translator, for the output subscription (a language change does not resubscribe).
  const tRef = useRef(t);
  tRef.current = t;
  const element = useRef<HTMLDivElement>(null);
  const batcher = useRef<OutputBatcher | null>(null);
  const [terminal, setTerminal] = useState<TerminalAdapter | null>(null);
  const [atBottom, setAtBottom] = useState(true);
  const [scrollLock, setScrollLock] = useState(false);
  // The notice reads the current language, without rebuilding the terminal when it changes.
  const translate = useRef(t);
  useEffect(() => {
    translate.current = t;
  }, [t]);

  useEffect(() => {
    const output = element.current!;
    const adapter = createTerminal(output);
    // Counters on the output element, for monitoring and performance measurements: lines the
    // terminal has processed and lines skipped to keep up. One attribute write per slice.
    const publishCounts = () => {
      output.dataset.linesWritten = String(lines.written);
      output.dataset.linesSkipped = String(lines.skipped);
    };
    const lines = new OutputBatcher((text, done) => adapter.write(text, done), {
      maxPendingLines: CONSOLE_SCROLLBACK,
      onWritten: publishCounts,
      skippedNotice: (count) => {
        const t = translate.current;
        return `\x1b[33m${t('console.output.skipped', '[{{count}} lines skipped to keep up]', { count })}\x1b[0m`;
      },
    });
    batcher.current = lines;
    publishCounts();
    adapter.fit();
    const stopViewport = adapter.onViewportChange(() => setAtBottom(adapter.isAtBottom()));
    const resize = new ResizeObserver(() => adapter.fit());
    resize.observe(element.current!);
    setTerminal(adapter);
    return () => {
      resize.disconnect();
      stopViewport();
      lines.dispose();
      batcher.current = null;
      adapter.dispose();
      setTerminal(null);
    };
  }, [createTerminal]);

  useEffect(() => {
    if (!terminal) return undefined;
    return subscribeOutput({
      // The panel's own notices arrive in English (one history for every viewer): shown in the reader's language.
      line: (line) => batcher.current?.push(translatePanelNotice(line, tRef.current)),
      reset: () => {
        batcher.current?.clear();
        terminal.clear();
      },
    });
  }, [terminal, subscribeOutput]);

  useEffect(() => terminal?.setScrollLock(scrollLock), [terminal, scrollLock]);

  useImperativeHandle(ref, () => ({ printLocal: (line) => batcher.current?.push(line) }), []);

  const jumpToBottom = () => {
    setScrollLock(false);
    terminal?.scrollToBottom();
    setAtBottom(true);
  };

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8, minWidth: 0 }}>
      <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: 8 }}>
        <TerminalSearch terminal={terminal} />
        {/* The native title is the hint: antd's Tooltip would add its trigger library to the console for one sentence. */}
        <Button
          title={scrollLock ? t('console.scrollLock.onHint', 'The view stays put while output arrives') : t('console.scrollLock.offHint', 'The view follows the newest output')}
          icon={scrollLock ? <PlainIcon icon={LockOutlined} aria-hidden /> : <PlainIcon icon={UnlockOutlined} aria-hidden />}
          aria-pressed={scrollLock}
          onClick={() => setScrollLock((locked) => !locked)}
        >
          {t('console.scrollLock.label', 'Scroll lock')}
        </Button>
      </div>
      <div style={{ position: 'relative', borderRadius: 8, overflow: 'hidden', border: '1px solid var(--panel-card-border)', background: '#0b0f14' }}>
        <div ref={element} dir="ltr" data-testid="console-terminal" role="log" aria-label={t('console.output.label', 'Console output')} style={{ height: 'min(60vh, 560px)', padding: 8 }} />
        {!atBottom || scrollLock ? (
          <Button
            type="primary"
            shape="round"
            icon={<PlainIcon icon={VerticalAlignBottomOutlined} aria-hidden />}
            onClick={jumpToBottom}
            style={{ position: 'absolute', insetInlineEnd: 24, bottom: 16, zIndex: 5 }}
          >
            {t('console.output.jumpToBottom', 'Jump to bottom')}
          </Button>
        ) : null}
      </div>
    </div>
  );
});
