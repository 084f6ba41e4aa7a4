import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmModal } from '../../kit/confirm-modal';

/**
 * Asks before leaving a builder with changes that are not saved: inside the app with a dialog,
 * and on reload or closing the tab with the browser's own question. The check reads a ref, so a
 * save followed at once by a navigation (a new CV's first save) is not stopped.
 */
export const useUnsavedChanges = (dirty: boolean) => {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirtyRef.current && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return {
    /** Lets the next navigation through (after a save, before the state says so). */
    markSaved: () => {
      dirtyRef.current = false;
    },
    prompt: (
      <ConfirmModal
        opened={blocker.state === 'blocked'}
        title="Leave without saving?"
        message="Your latest changes are not saved. If you leave now they will be lost."
        confirmLabel="Leave without saving"
        danger
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      />
    ),
  };
};
