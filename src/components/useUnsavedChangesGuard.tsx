import { Modal } from 'antd';
import { useCallback, useContext, useEffect, useRef, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { createPath, UNSAFE_NavigationContext, useLocation } from 'react-router-dom';
import { holdNavigation } from './navigationHold';

/** What {@link useUnsavedChangesGuard} gives the page. */
export interface UnsavedChangesGuard {
  /** Where the question is rendered: put it anywhere in the page. */
  contextHolder: ReactElement;
  /**
   * Asks the same question before a change inside the page that would drop the edits (another
   * tab, another file): calls `discard` when the user agrees, at once when nothing is unsaved.
   * `text` says what is about to happen; the page-leaving text is used without it.
   */
  confirmDiscard: (discard: () => void, text?: string) => void;
}

const addressBarPage = () => `${window.location.pathname}${window.location.search}`;

/**
 * Keeps unsaved changes from being lost without a question while `dirty`: following a link of the
 * panel, any `navigate` and the browser's Back and Forward ask "Discard unsaved changes?" and
 * stay on the page unless the user agrees; reloading, closing the tab or leaving the panel get the
 * browser's own warning (beforeunload). Saving or discarding (dirty turning false) releases it.
 * Works with the BrowserRouter as it is (no data router, so no useBlocker): the router's navigator
 * is held, see {@link holdNavigation}.
 */
export function useUnsavedChangesGuard(dirty: boolean): UnsavedChangesGuard {
  const { t } = useTranslation();
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const location = useLocation();
  const page = createPath({ pathname: location.pathname, search: location.search });
  const pageRef = useRef(page);
  const asking = useRef<object | null>(null);
  const [modal, contextHolder] = Modal.useModal();
  useEffect(() => {
    pageRef.current = page;
  }, [page]);

  const ask = useCallback(
    (discard: () => void, text?: string) => {
      // One question at a time: another Back while it is open stays on the page.
      if (asking.current) return;
      const question = {};
      asking.current = question;
      // Answered means done: a Back pressed while the answered question is still fading out
      // (its afterClose comes only after the animation) asks again instead of doing nothing, and
      // that late afterClose leaves the new question be.
      const answered = () => {
        if (asking.current === question) asking.current = null;
      };
      void modal.confirm({
        title: t('unsavedChanges.title', 'Discard unsaved changes?'),
        content: text ?? t('unsavedChanges.text', 'Your changes are not saved. They are lost if you leave this page now.'),
        okText: t('unsavedChanges.discard', 'Discard changes'),
        cancelText: t('unsavedChanges.keepEditing', 'Keep editing'),
        okButtonProps: { danger: true },
        onOk: () => {
          answered();
          discard();
        },
        onCancel: answered,
        afterClose: answered,
      });
    },
    [modal, t],
  );
  const confirmDiscard = useCallback((discard: () => void, text?: string) => (dirty ? ask(discard, text) : discard()), [ask, dirty]);

  useEffect(() => {
    if (!dirty) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show their prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    const release = holdNavigation(
      navigator,
      (leave) => ask(leave),
      // A MemoryRouter (tests, embedded views) does not follow the address bar: Back is not its.
      { followsAddressBar: addressBarPage() === pageRef.current, currentPage: () => pageRef.current },
    );
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      release();
    };
  }, [dirty, navigator, ask]);

  return { contextHolder, confirmDiscard };
}
