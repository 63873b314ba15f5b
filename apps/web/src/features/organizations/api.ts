import type {
  EncryptedConversationsAction,
  Invitation,
  InvitationPage,
  ModelInfo,
  Member,
  MemberPage,
  Membership,
  MembershipStats,
  Organization,
  OrganizationUpdateFields,
  ReceivedInvitation,
  InvitationCreateRequest,
} from '@themis/shared';
import type { PictureValue } from '../../components/ProfilePicturePicker';
import { api } from '../../app/api/api';
import { askSessionBootstrap } from '../../app/api/session-bootstrap';

export const organizationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The organization acted in, or null in the individual context. Read from the session
     * bootstrap rather than /organization/get-current, whose answer in the individual context
     * is a 400 (spec §4 reads it as "none") that the browser would log as a failed request.
     */
    getCurrentOrganization: build.query<Organization | null, void>({
      async queryFn(_arg, _api, _extraOptions, baseQuery) {
        const result = await askSessionBootstrap(baseQuery);
        if ('error' in result) return { error: result.error };
        const { session } = result.data;
        if (session) return { data: session.organization };
        // Signed out meanwhile: the call it stands for is refused as any signed-out call is.
        const current = await baseQuery('/organization/get-current');
        if (!current.error) return { data: current.data as Organization };
        const detail = (current.error.data as { detail?: unknown } | undefined)?.detail;
        return detail === 'no_current_organization' ? { data: null } : { error: current.error };
      },
      providesTags: ['Organization'],
    }),
    listMyMemberships: build.query<Membership[], void>({
      query: () => '/organization/membership/user-list',
      providesTags: ['Organization'],
    }),
    listReceivedInvitations: build.query<ReceivedInvitation[], void>({
      query: () => '/organization/invitation/list',
      providesTags: ['Invitations'],
    }),
    // Read once by the invitation's page: answering it ends it, and asking again then would
    // only be refused (404) while the page shows the answer.
    getInvitation: build.query<ReceivedInvitation, { type: string; pk: string }>({
      query: ({ type, pk }) =>
        `/organization/invitation/get/${encodeURIComponent(type)}/${encodeURIComponent(pk)}`,
    }),
    switchOrganization: build.mutation<{ organization: Organization | null }, string | null>({
      query: (pk) => ({
        url: '/organization/switch-organization',
        method: 'POST',
        body: { organization_pk: pk },
      }),
    }),
    createOrganization: build.mutation<{ pk: string }, { name: string; picture: PictureValue }>({
      query: ({ name, picture }) => {
        const form = new FormData();
        form.append('name', name);
        if (picture.kind === 'picked') form.append('avatar', picture.image.file);
        return { url: '/organization/create', method: 'POST', body: form };
      },
    }),
    invite: build.mutation<
      Invitation[],
      {
        organizationPk: string;
        emails: string[];
        role: InvitationCreateRequest['role'];
        /** Addresses with a role other than `role`. */
        roles?: InvitationCreateRequest['user_roles'];
      }
    >({
      query: ({ organizationPk, emails, role, roles }) => ({
        url: `/organization/invitation/create/${encodeURIComponent(organizationPk)}`,
        method: 'POST',
        body: {
          user_emails: emails,
          role,
          ...(roles && Object.keys(roles).length > 0 && { user_roles: roles }),
        },
      }),
      invalidatesTags: ['OrganizationInvitations'],
    }),
    listMembers: build.query<
      MemberPage,
      { organizationPk: string; search?: string; cursor?: string }
    >({
      query: ({ organizationPk, search, cursor }) => ({
        url: `/organization/membership/list/${encodeURIComponent(organizationPk)}`,
        params: { ...(search && { search }), ...(cursor && { cursor }) },
      }),
      providesTags: ['Members'],
    }),
    membershipStats: build.query<MembershipStats, string>({
      query: (organizationPk) =>
        `/organization/membership/stats/${encodeURIComponent(organizationPk)}`,
      providesTags: ['Members'],
    }),
    updateMemberRole: build.mutation<
      Member,
      { membershipPk: string; role: 'ADMIN' | 'MEMBER' | 'OBSERVER' }
    >({
      query: ({ membershipPk, role }) => ({
        url: `/organization/membership/update/${encodeURIComponent(membershipPk)}`,
        method: 'PUT',
        body: { role },
      }),
      invalidatesTags: ['Members'],
    }),
    removeMember: build.mutation<void, string>({
      query: (membershipPk) => ({
        url: `/organization/membership/delete/${encodeURIComponent(membershipPk)}`,
        method: 'DELETE',
      }),
      invalidatesTags: ['Members'],
    }),
    answerInvitation: build.mutation<void, { pk: string; answer: 'accept' | 'decline' }>({
      query: ({ pk, answer }) => ({
        url: `/organization/invitation/${answer}/${encodeURIComponent(pk)}`,
        method: 'POST',
      }),
      invalidatesTags: ['Invitations', 'Organization'],
    }),
    updateOrganization: build.mutation<
      Organization,
      { organizationPk: string; fields: OrganizationUpdateFields; picture: PictureValue }
    >({
      query: ({ organizationPk, fields, picture }) => ({
        url: `/organization/update/${encodeURIComponent(organizationPk)}`,
        method: 'PUT',
        body: organizationUpdateForm(fields, picture),
      }),
      // The allowed models narrow the manager's own model list too.
      invalidatesTags: ['Organization', 'Models'],
    }),
    /** Owners and admins: require encryption of every member's conversations, or not. */
    setEncryptionForced: build.mutation<Organization, { organizationPk: string; forced: boolean }>({
      query: ({ organizationPk, forced }) => ({
        url: `/organization/${forced ? 'force' : 'voluntary'}-encryption/${encodeURIComponent(organizationPk)}`,
        method: 'POST',
      }),
      // The members' memberships (and the user's own) follow the rule.
      invalidatesTags: ['Organization', 'Members', 'Me'],
      // The switch shows the answer at once rather than after the refetch.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const result = await queryFulfilled.catch(() => undefined);
        if (!result) return;
        dispatch(
          organizationsApi.util.updateQueryData('getCurrentOrganization', undefined, (current) =>
            current?.pk === result.data.pk ? result.data : current,
          ),
        );
      },
    }),
    /** The user's own choice to encrypt in one organization; needs a PIN or password. */
    enableMembershipEncryption: build.mutation<Membership, string>({
      query: (membershipPk) => ({
        url: `/organization/membership/enable-encryption/${encodeURIComponent(membershipPk)}`,
        method: 'POST',
      }),
      invalidatesTags: ['Organization', 'Members', 'Me'],
    }),
    /** 403 encryption_forced while the organization requires it. */
    disableMembershipEncryption: build.mutation<
      Membership,
      { membershipPk: string; action: EncryptedConversationsAction }
    >({
      query: ({ membershipPk, action }) => ({
        url: `/organization/membership/disable-encryption/${encodeURIComponent(membershipPk)}`,
        method: 'POST',
        body: { encrypted_conversations_action: action },
      }),
      invalidatesTags: ['Organization', 'Members', 'Me'],
    }),
    listModelChoices: build.query<ModelInfo[], string>({
      query: (organizationPk) =>
        `/organization/model-choices/${encodeURIComponent(organizationPk)}`,
    }),
    listInvitations: build.query<
      InvitationPage,
      { organizationPk: string; search?: string; from?: string; to?: string; cursor?: string }
    >({
      query: ({ organizationPk, search, from, to, cursor }) => ({
        url: `/organization/invitation/list/${encodeURIComponent(organizationPk)}`,
        params: {
          ...(search && { search }),
          ...(from && { create_date_from: from }),
          ...(to && { create_date_to: to }),
          ...(cursor && { cursor }),
        },
      }),
      providesTags: ['OrganizationInvitations'],
    }),
    resendInvitation: build.mutation<void, Pick<Invitation, 'invitation_type' | 'pk'>>({
      query: ({ invitation_type, pk }) => ({
        url: `/organization/invitation/resend-email/${invitation_type}/${encodeURIComponent(pk)}`,
        method: 'POST',
      }),
      invalidatesTags: ['OrganizationInvitations'],
    }),
    revokeInvitation: build.mutation<void, Pick<Invitation, 'invitation_type' | 'pk'>>({
      query: ({ invitation_type, pk }) => ({
        url: `/organization/invitation/delete/${invitation_type}/${encodeURIComponent(pk)}`,
        method: 'DELETE',
      }),
      invalidatesTags: ['OrganizationInvitations'],
    }),
    /** Without a code the owner is e-mailed one (202); with it the ownership moves. */
    transferOwnership: build.mutation<{ status: string }, { membershipPk: string; code?: string }>({
      query: ({ membershipPk, code }) => ({
        url: '/organization/membership/transfer-ownership',
        method: 'PUT',
        body: { membership_pk: membershipPk, ...(code && { verification_code: code }) },
      }),
      invalidatesTags: (result) => (result?.status === 'ok' ? ['Members', 'Organization'] : []),
    }),
    /** Without a code the owner is e-mailed one (202); with it the organization is deleted. */
    deleteOrganization: build.mutation<
      { status: string },
      { organizationPk: string; code?: string }
    >({
      query: ({ organizationPk, code }) => ({
        url: `/organization/delete/${encodeURIComponent(organizationPk)}`,
        method: 'DELETE',
        params: code ? { verification_code: code } : undefined,
      }),
    }),
  }),
});

/**
 * PUT /organization/update as form data: the fields given, the allowed models as a JSON
 * array ('' for every model), and `avatar` unless the logo is unchanged.
 */
export function organizationUpdateForm(
  fields: OrganizationUpdateFields,
  picture: PictureValue,
): FormData {
  const form = new FormData();
  if (fields.name !== undefined) form.append('name', fields.name);
  if (fields.allowed_models !== undefined) {
    form.append(
      'allowed_models',
      fields.allowed_models ? JSON.stringify(fields.allowed_models) : '',
    );
  }
  for (const key of [
    'is_encryption_forced',
    'is_sharing_outside_allowed',
    'is_export_allowed',
  ] as const) {
    if (fields[key] !== undefined) form.append(key, String(fields[key]));
  }
  if (picture.kind === 'picked') form.append('avatar', picture.image.file);
  if (picture.kind === 'removed') form.append('avatar', '');
  return form;
}

export const {
  useGetCurrentOrganizationQuery,
  useListMyMembershipsQuery,
  useListReceivedInvitationsQuery,
  useGetInvitationQuery,
  useSwitchOrganizationMutation,
  useAnswerInvitationMutation,
  useCreateOrganizationMutation,
  useInviteMutation,
  useListMembersQuery,
  useMembershipStatsQuery,
  useUpdateMemberRoleMutation,
  useRemoveMemberMutation,
  useUpdateOrganizationMutation,
  useSetEncryptionForcedMutation,
  useEnableMembershipEncryptionMutation,
  useDisableMembershipEncryptionMutation,
  useListModelChoicesQuery,
  useListInvitationsQuery,
  useResendInvitationMutation,
  useRevokeInvitationMutation,
  useTransferOwnershipMutation,
  useDeleteOrganizationMutation,
} = organizationsApi;

export { useListPlansQuery } from '../user/api';
