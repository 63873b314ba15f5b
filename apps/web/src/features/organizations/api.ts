import type {
  Invitation,
  Member,
  MemberPage,
  Membership,
  MembershipStats,
  Organization,
  ReceivedInvitation,
} from '@themis/shared';
import type { PictureValue } from '../../components/ProfilePicturePicker';
import { api } from '../../app/api/api';

export const organizationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The organization acted in; 400 no_current_organization in the individual context. */
    getCurrentOrganization: build.query<Organization, void>({
      query: () => '/organization/get-current',
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
    getInvitation: build.query<ReceivedInvitation, { type: string; pk: string }>({
      query: ({ type, pk }) =>
        `/organization/invitation/get/${encodeURIComponent(type)}/${encodeURIComponent(pk)}`,
      providesTags: ['Invitations'],
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
      { organizationPk: string; emails: string[]; role: 'ADMIN' | 'MEMBER' | 'OBSERVER' }
    >({
      query: ({ organizationPk, emails, role }) => ({
        url: `/organization/invitation/create/${encodeURIComponent(organizationPk)}`,
        method: 'POST',
        body: { user_emails: emails, role },
      }),
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
  }),
});

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
} = organizationsApi;

export { useListPlansQuery } from '../user/api';
