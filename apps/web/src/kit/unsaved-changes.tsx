import { useCallback, useEffect, useId, useState, useSyncExternalStore } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmModal } from './confirm-modal';

/**
 * Which forms on screen hold changes not yet saved. One store for the whole app because React
 * Router allows one blocker at a time, and a page (the seeker's profile) has many forms: each
 * form says whether it is dirty, and one guard asks before anything is lost.
 */
const dirtyForms = new Set<string>();
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const setDirty = (id: string, dirty: boolean) => {
  if (dirty === dirtyForms.has(id)) return;
  if (dirty) dirtyForms.add(id);
  else dirtyForms.delete(id);
  notify();
};

/** Whether any form on screen has unsaved changes (read at the moment of asking, not at the last render). */
export const hasUnsavedChanges = () => dirtyForms.size > 0;

/**
 * Says whether a form holds unsaved changes, so leaving the page (a link, the back button, closing
 * the tab) asks first. `settle` marks it saved at once, for a save that navigates away before the
 * next render (create, then open the new record).
 */
export const useUnsavedChanges = (dirty: boolean) => {
  const id = useId();
  // Bumped by `settle`, so the next render says again whether the form is dirty (edits made while it saved).
  const [epoch, setEpoch] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: epoch re-runs it after a settle on purpose
  useEffect(() => {
    setDirty(id, dirty);
  }, [id, dirty, epoch]);
  useEffect(() => () => setDirty(id, false), [id]);
  const settle = useCallback(() => {
    setDirty(id, false);
    setEpoch((current) => current + 1);
  }, [id]);
  return { settle };
};

export const leaveTitle = 'Leave without saving?';
export const leaveMessage = 'You have changes that are not saved yet. If you leave now, they are lost.';

/**
 * Mounted once under the router: while any form is dirty, a move to another page asks first, and
 * the browser asks before the tab is closed or reloaded. Moves within the page (a query string, a
 * section's hash) go ahead.
 */
export const UnsavedChangesGuard = () => {
  const anyDirty = useSyncExternalStore(subscribe, hasUnsavedChanges, () => false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => hasUnsavedChanges() && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!anyDirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [anyDirty]);
  return (
    <ConfirmModal
      opened={blocker.state === 'blocked'}
      title={leaveTitle}
      message={leaveMessage}
      confirmLabel="Leave without saving"
      cancelLabel="Stay on this page"
      danger
      onConfirm={() => {
        // The forms left behind unmount; until then their changes no longer hold the way.
        dirtyForms.clear();
        notify();
        blocker.proceed?.();
      }}
      onClose={() => blocker.reset?.()}
    />
  );
};

/**
 * For an editor that keeps its own state (a list of skills, links): dirty while `value` differs
 * from what was last saved. Call `markSaved` after a save succeeds, from the handler the save began in.
 */
export const useUnsavedValue = <T,>(value: T) => {
  const json = JSON.stringify(value);
  const [savedJson, setSavedJson] = useState(json);
  const dirty = json !== savedJson;
  const { settle } = useUnsavedChanges(dirty);
  return {
    dirty,
    markSaved: () => {
      setSavedJson(json);
      settle();
    },
  };
};
