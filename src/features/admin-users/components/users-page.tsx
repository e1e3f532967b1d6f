import { Button, Select, Table } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import classes from '@/components/admin/admin.module.css';
import { AdminPage } from '@/components/admin/admin-page';
import { SearchForm } from '@/components/admin/search-form';
import { ListStates } from '@/components/admin/list-states';
import { ConfirmAction } from '@/components/admin/confirm-action';
import { PageNav } from '@/components/query-states';
import { staffUserResponseSchema, userListResponseSchema, type UserUpdate } from '@/contract/admin';
import { type Role, roles } from '@/contract/roles';
import { adminKeys, adminRequest } from '@/lib/admin-api';
import { listQuery } from '@/lib/list-query';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { formatDate } from '@/lib/money';
import { notifyFailure } from '@/lib/notify-failure';
import { staffUsers_account } from '@/paraglide/messages/staffusers_account1.js';
import { staffUsers_disable } from '@/paraglide/messages/staffusers_disable1.js';
import { staffUsers_disable_confirm } from '@/paraglide/messages/staffusers_disable_confirm1.js';
import { staffUsers_disable_label } from '@/paraglide/messages/staffusers_disable_label1.js';
import { staffUsers_disable_text } from '@/paraglide/messages/staffusers_disable_text1.js';
import { staffUsers_disable_title } from '@/paraglide/messages/staffusers_disable_title1.js';
import { staffUsers_email } from '@/paraglide/messages/staffusers_email1.js';
import { staffUsers_empty } from '@/paraglide/messages/staffusers_empty1.js';
import { staffUsers_enable } from '@/paraglide/messages/staffusers_enable1.js';
import { staffUsers_enable_label } from '@/paraglide/messages/staffusers_enable_label1.js';
import { staffUsers_every_role } from '@/paraglide/messages/staffusers_every_role1.js';
import { staffUsers_joined } from '@/paraglide/messages/staffusers_joined1.js';
import { staffUsers_name } from '@/paraglide/messages/staffusers_name1.js';
import { staffUsers_not_changed } from '@/paraglide/messages/staffusers_not_changed1.js';
import { staffUsers_role } from '@/paraglide/messages/staffusers_role1.js';
import { staffUsers_role_admin } from '@/paraglide/messages/staffusers_role_admin1.js';
import { staffUsers_role_customer } from '@/paraglide/messages/staffusers_role_customer1.js';
import { staffUsers_role_editor } from '@/paraglide/messages/staffusers_role_editor1.js';
import { staffUsers_role_moderator } from '@/paraglide/messages/staffusers_role_moderator1.js';
import { staffUsers_role_of } from '@/paraglide/messages/staffusers_role_of1.js';
import { staffUsers_role_shop_manager } from '@/paraglide/messages/staffusers_role_shop_manager1.js';
import { staffUsers_search } from '@/paraglide/messages/staffusers_search1.js';
import { staffUsers_search_hint } from '@/paraglide/messages/staffusers_search_hint1.js';
import { staffUsers_title } from '@/paraglide/messages/staffusers_title1.js';
import { staffUsers_what } from '@/paraglide/messages/staffusers_what1.js';

const USERS_PER_PAGE = 20;

// Each word is read when shown, through a function: its module may be in the route's chunk, which runs after this one.
const roleLabels: Record<Role, () => string> = {
  customer: () => staffUsers_role_customer(),
  editor: () => staffUsers_role_editor(),
  shop_manager: () => staffUsers_role_shop_manager(),
  moderator: () => staffUsers_role_moderator(),
  admin: () => staffUsers_role_admin(),
};

export interface UserFilters {
  page: number;
  search?: string;
  role?: Role;
}

/** Every account: an admin gives staff roles and disables accounts (never the last admin, never their own). */
export function UsersPage({ filters, onChange }: { filters: UserFilters; onChange: (next: UserFilters) => void }) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: adminKeys.list('users', filters),
    queryFn: ({ signal }) =>
      adminRequest(`/users${listQuery({ ...filters, per_page: USERS_PER_PAGE })}`, {
        schema: userListResponseSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  const update = useMutation({
    mutationFn: ({ id, change }: { id: number; change: UserUpdate }) =>
      adminRequest(`/users/${id}`, {
        method: 'PUT',
        body: change,
        idempotencyKey: newIdempotencyKey(),
        schema: staffUserResponseSchema,
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.area('users') }),
    onError: notifyFailure(staffUsers_not_changed()),
  });
  const pages = query.data ? Math.ceil(query.data.meta.total / USERS_PER_PAGE) : 0;
  const roleOptions = roles.map((role) => ({ value: role, label: roleLabels[role]() }));
  return (
    <AdminPage title={staffUsers_title()}>
      <SearchForm
        label={staffUsers_search()}
        description={staffUsers_search_hint()}
        value={filters.search}
        onSearch={(search) => onChange({ ...filters, search, page: 1 })}
      />
      <Select
        label={staffUsers_role()}
        clearable
        placeholder={staffUsers_every_role()}
        data={roleOptions}
        value={filters.role ?? null}
        onChange={(role) => onChange({ ...filters, role: (role as Role | null) ?? undefined, page: 1 })}
        maw={240}
      />
      <ListStates
        query={query}
        what={staffUsers_what()}
        isEmpty={(data) => data.data.length === 0}
        empty={staffUsers_empty()}
      >
        {(data) => (
          <div className={classes.tableScroll}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{staffUsers_name()}</Table.Th>
                  <Table.Th>{staffUsers_email()}</Table.Th>
                  <Table.Th>{staffUsers_joined()}</Table.Th>
                  <Table.Th>{staffUsers_role()}</Table.Th>
                  <Table.Th>{staffUsers_account()}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.data.map((user) => (
                  <Table.Tr key={user.id}>
                    <Table.Td>{user.name}</Table.Td>
                    <Table.Td>{user.email ?? user.phone}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(user.created_at)}</Table.Td>
                    <Table.Td>
                      <Select
                        aria-label={staffUsers_role_of({ name: user.name })}
                        size="xs"
                        w={150}
                        allowDeselect={false}
                        data={roleOptions}
                        value={user.role}
                        onChange={(role) => {
                          if (role && role !== user.role)
                            update.mutate({ id: user.id, change: { role: role as Role } });
                        }}
                      />
                    </Table.Td>
                    <Table.Td>
                      {user.disabled ? (
                        <Button
                          size="compact-sm"
                          variant="light"
                          onClick={() => update.mutate({ id: user.id, change: { disabled: false } })}
                          aria-label={staffUsers_enable_label({ name: user.name })}
                        >
                          {staffUsers_enable()}
                        </Button>
                      ) : (
                        <ConfirmAction
                          size="compact-sm"
                          label={staffUsers_disable()}
                          aria-label={staffUsers_disable_label({ name: user.name })}
                          title={staffUsers_disable_title({ name: user.name })}
                          message={staffUsers_disable_text()}
                          confirmLabel={staffUsers_disable_confirm()}
                          onConfirm={() => update.mutate({ id: user.id, change: { disabled: true } })}
                        />
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        )}
      </ListStates>
      <PageNav total={pages} value={filters.page} onChange={(page) => onChange({ ...filters, page })} />
    </AdminPage>
  );
}
