import { Modal } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** A link click in this page that leaves for another address of the panel, or null. */
function inAppLinkTarget(event: MouseEvent): URL | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download') || (anchor.target && anchor.target !== '_self')) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  const here = window.location;
  return url.pathname === here.pathname && url.search === here.search ? null : url;
}

/**
 * Warns before unsaved changes are lost: the browser asks on reload, closing the tab or leaving
 * the panel (beforeunload); a dialog asks when a link of the panel is followed (the navigation,
 * the breadcrumb) and when the page itself leaves through `confirmLeave` (closing the editor).
 * Returns `confirmLeave(leave)` and the dialog to render.
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [pending, setPending] = useState<(() => void) | null>(null);
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);

  useEffect(() => {
    if (!dirty) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show their prompt.
      event.returnValue = '';
    };
    // Capture phase on the document: runs before the router's own click handler on the link.
    const onClick = (event: MouseEvent) => {
      const url = inAppLinkTarget(event);
      if (!url) return;
      event.preventDefault();
      event.stopPropagation();
      setPending(() => () => navigate(`${url.pathname}${url.search}${url.hash}`));
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty, navigate]);

  const confirmLeave = useCallback((leave: () => void) => {
    if (dirtyRef.current) setPending(() => leave);
    else leave();
  }, []);

  const dialog = (
    <Modal
      open={pending !== null}
      title={t('files.editor.unsavedTitle', 'Discard your changes?')}
      okText={t('files.editor.discard', 'Discard changes')}
      cancelText={t('files.editor.keepEditing', 'Keep editing')}
      okButtonProps={{ danger: true }}
      onOk={() => {
        const leave = pending;
        setPending(null);
        leave?.();
      }}
      onCancel={() => setPending(null)}
    >
      {t('files.editor.unsavedText', 'This file has changes that are not saved. They are lost if you leave now.')}
    </Modal>
  );

  return { confirmLeave, dialog };
}
