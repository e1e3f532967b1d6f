import { useEffect, useRef, useState } from 'react';
import { useAppStore } from '@/lib/app-store';
import { deleteDraft, loadDraft, saveDraft } from './drafts';
import { ownerOfUser } from './outbox-types';

/** What `useFormDraft` needs of a form (Mantine's `useForm` in controlled mode gives it). */
interface DraftableForm<Values> {
  getValues(): Values;
  setValues(values: Values): void;
}

export interface FormDraft {
  /** A draft of what is typed is kept on this device. */
  saved: boolean;
  /** Forgets the draft and puts the form back as it opened. */
  discard(): void;
  /** The server (or the outbox) has the form as it is: the draft is deleted, until the next change. */
  clear(): Promise<void>;
}

/**
 * Keeps a draft of a form on this device while the signed-in member types, and puts it back when the form opens
 * again (after leaving the page, a reload, a closed tab). `name` tells the form apart (`casting-call:new`,
 * `profile`). The form must re-render as it changes (controlled mode): each change is written at once, as a page
 * can be closed at any moment.
 */
export function useFormDraft<Values>(form: DraftableForm<Values>, name: string): FormDraft {
  const userId = useAppStore((state) => state.userProfile?.id ?? null);
  const owner = userId === null ? null : ownerOfUser(userId);
  const [opened] = useState(() => ({ values: form.getValues(), text: JSON.stringify(form.getValues()) }));
  const [loaded, setLoaded] = useState(false);
  const [saved, setSaved] = useState(false);
  // The values as they were sent: no draft of them is written again.
  const sent = useRef<string | null>(null);
  const current = JSON.stringify(form.getValues());

  useEffect(() => {
    if (owner === null) return;
    let live = true;
    void loadDraft(owner, name).then((values) => {
      if (!live) return;
      // What was typed before the draft arrived (a few milliseconds) is newer than the draft.
      if (values !== undefined && JSON.stringify(form.getValues()) === opened.text) {
        form.setValues(values as Values);
        setSaved(true);
      }
      setLoaded(true);
    });
    return () => {
      live = false;
    };
    // The form object is stable for the life of the component.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [owner, name]);

  useEffect(() => {
    if (!loaded || owner === null || current === sent.current) return;
    sent.current = null;
    if (current === opened.text) {
      void deleteDraft(owner, name).then(() => setSaved(false));
    } else {
      void saveDraft(owner, name, JSON.parse(current)).then(() => {
        if (sent.current === null) setSaved(true);
      });
    }
  }, [current, loaded, owner, name, opened]);

  return {
    saved,
    discard: () => form.setValues(opened.values),
    clear: async () => {
      sent.current = JSON.stringify(form.getValues());
      setSaved(false);
      if (owner !== null) await deleteDraft(owner, name);
    },
  };
}
