import type { ReceivedInvitation } from '@themis/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withNoticeForReload } from '../../app/notice-after-reload';
import { useAnswerInvitationMutation, useSwitchOrganizationMutation } from './api';
import { reloadIntoContext } from './context';

/** The profile the user asked to act in, confirmed before the switch. */
export interface SwitchTarget {
  /** null: the user's own, individual profile. */
  pk: string | null;
  name: string;
}

/**
 * Switching the profile the user acts in, and answering an invitation they received: a
 * switch or an accepted invitation enters the new context (the app starts again there);
 * `failed` says which of the two last went wrong.
 */
export function useContextSwitch() {
  const { t } = useTranslation('organizations');
  const [target, setTarget] = useState<SwitchTarget | null>(null);
  const [failed, setFailed] = useState<'switch' | 'invitation' | null>(null);
  const [switchOrganization, switching] = useSwitchOrganizationMutation();
  const [answerInvitation, answering] = useAnswerInvitationMutation();

  async function confirmSwitch() {
    if (!target) return;
    setFailed(null);
    const result = await switchOrganization(target.pk);
    if ('error' in result) {
      setFailed('switch');
      setTarget(null);
      return;
    }
    reloadIntoContext();
  }

  async function answer(invitation: ReceivedInvitation, reply: 'accept' | 'decline') {
    setFailed(null);
    const joined =
      reply === 'accept'
        ? t('invitation.joined', { organization: invitation.organization.name })
        : undefined;
    const result = await withNoticeForReload(joined, () =>
      answerInvitation({ pk: invitation.pk, answer: reply }),
    );
    if ('error' in result) setFailed('invitation');
    else if (reply === 'accept') reloadIntoContext();
  }

  return {
    target,
    askToSwitch: setTarget,
    cancelSwitch: () => setTarget(null),
    confirmSwitch,
    switching: switching.isLoading,
    answer,
    answering: answering.isLoading,
    failed,
  };
}
