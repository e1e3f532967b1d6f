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

const USERS_PER_PAGE = 20;

const roleLabels: Record<Role, string> = {
  customer: 'Customer',
  editor: 'Editor',
  shop_manager: 'Shop manager',
  moderator: 'Moderator',
  admin: 'Admin',
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
    onError: notifyFailure('The account was not changed'),
  });
  const pages = query.data ? Math.ceil(query.data.meta.total / USERS_PER_PAGE) : 0;
  const roleOptions = roles.map((role) => ({ value: role, label: roleLabels[role] }));
  return (
    <AdminPage title="Users">
      <SearchForm
        label="Find an account"
        description="Name or email"
        value={filters.search}
        onSearch={(search) => onChange({ ...filters, search, page: 1 })}
      />
      <Select
        label="Role"
        clearable
        placeholder="Every role"
        data={roleOptions}
        value={filters.role ?? null}
        onChange={(role) => onChange({ ...filters, role: (role as Role | null) ?? undefined, page: 1 })}
        maw={240}
      />
      <ListStates query={query} what="accounts" isEmpty={(data) => data.data.length === 0} empty="No accounts match.">
        {(data) => (
          <div className={classes.tableScroll}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Joined</Table.Th>
                  <Table.Th>Role</Table.Th>
                  <Table.Th>Account</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.data.map((user) => (
                  <Table.Tr key={user.id}>
                    <Table.Td>{user.name}</Table.Td>
                    <Table.Td>{user.email ?? user.phone}</Table.Td>
                    <Table.Td>{formatDate(user.created_at)}</Table.Td>
                    <Table.Td>
                      <Select
                        aria-label={`Role of ${user.name}`}
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
                          aria-label={`Enable ${user.name}`}
                        >
                          Enable
                        </Button>
                      ) : (
                        <ConfirmAction
                          size="compact-sm"
                          label="Disable"
                          aria-label={`Disable ${user.name}`}
                          title={`Disable ${user.name}?`}
                          message="They are logged out everywhere at once and cannot log in until an admin enables the account again."
                          confirmLabel="Disable account"
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
