import { Alert, Button, Checkbox, Fieldset, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AdminPage } from '@/components/admin/admin-page';
import { LoadError, LoadingState } from '@/components/query-states';
import { type DeliverySettings, deliverySettingsResponseSchema, deliveryZones } from '@/contract/pins';
import { adminRequest } from '@/lib/admin-api';
import { zoneWords } from '@/lib/delivery/delivery-words';
import { applyServerError, focusFirstError } from '@/lib/form-errors';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { pin_admin_cod } from '@/paraglide/messages/pin_admin_cod.js';
import { pin_admin_cod_limit } from '@/paraglide/messages/pin_admin_cod_limit.js';
import { pin_admin_dispatch } from '@/paraglide/messages/pin_admin_dispatch.js';
import { pin_admin_dispatch_place } from '@/paraglide/messages/pin_admin_dispatch_place.js';
import { pin_admin_load_failed } from '@/paraglide/messages/pin_admin_load_failed.js';
import { pin_admin_loading } from '@/paraglide/messages/pin_admin_loading.js';
import { pin_admin_max_days } from '@/paraglide/messages/pin_admin_max_days.js';
import { pin_admin_min_days } from '@/paraglide/messages/pin_admin_min_days.js';
import { pin_admin_offline } from '@/paraglide/messages/pin_admin_offline.js';
import { pin_admin_save } from '@/paraglide/messages/pin_admin_save.js';
import { pin_admin_saved } from '@/paraglide/messages/pin_admin_saved.js';
import { pin_admin_title } from '@/paraglide/messages/pin_admin_title.js';
import { pin_admin_transit } from '@/paraglide/messages/pin_admin_transit.js';

const settingsKey = ['admin', 'delivery-settings'] as const;

type Answer = { data: DeliverySettings & { dispatch_city: string; dispatch_state: string } };

function DeliverySettingsForm({ settings }: { settings: Answer['data'] }) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const { dispatch_city: city, dispatch_state: state, ...initialValues } = settings;
  // The limit is typed in rupees and kept in paise.
  const form = useForm<DeliverySettings>({ mode: 'controlled', initialValues });
  const save = useMutation({
    mutationFn: (input: DeliverySettings) =>
      adminRequest('/deliverySettings', {
        method: 'PUT',
        body: input,
        idempotencyKey: newIdempotencyKey(),
        schema: deliverySettingsResponseSchema,
      }),
    onSuccess: (answer) => queryClient.setQueryData(settingsKey, answer),
  });
  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      await save.mutateAsync(values);
      notifications.show({ color: 'green', message: pin_admin_saved() });
    } catch (error) {
      setFailure(applyServerError(form, error, pin_admin_offline()));
    }
  });
  return (
    <form ref={focusFirstError} onSubmit={submit} noValidate>
      <Stack gap="md" maw={760}>
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        ) : null}
        <TextInput
          label={pin_admin_dispatch()}
          description={city ? pin_admin_dispatch_place({ city, state }) : undefined}
          inputMode="numeric"
          maxLength={6}
          {...form.getInputProps('dispatch_pincode')}
        />
        <Fieldset legend={pin_admin_transit()}>
          <Stack gap="sm">
            {deliveryZones.map((zone) => (
              <Stack key={zone} gap={4}>
                <Text fw={600} fz="sm">
                  {zoneWords[zone]()}
                </Text>
                <Group grow align="flex-start">
                  <NumberInput
                    label={pin_admin_min_days()}
                    min={1}
                    max={30}
                    allowDecimal={false}
                    {...form.getInputProps(`transit.${zone}.min`)}
                  />
                  <NumberInput
                    label={pin_admin_max_days()}
                    min={1}
                    max={30}
                    allowDecimal={false}
                    {...form.getInputProps(`transit.${zone}.max`)}
                  />
                </Group>
                <Checkbox label={pin_admin_cod()} {...form.getInputProps(`cod_zones.${zone}`, { type: 'checkbox' })} />
              </Stack>
            ))}
          </Stack>
        </Fieldset>
        <NumberInput
          label={pin_admin_cod_limit()}
          prefix="₹"
          min={0}
          allowDecimal={false}
          thousandSeparator=","
          thousandsGroupStyle="lakh"
          value={form.getValues().cod_max_total / 100}
          onChange={(value) => form.setFieldValue('cod_max_total', Math.round(Number(value) * 100))}
          error={form.errors.cod_max_total}
        />
        <div>
          <Button type="submit" loading={save.isPending}>
            {pin_admin_save()}
          </Button>
        </div>
      </Stack>
    </form>
  );
}

/** Where parcels leave from, transit days per zone and where cash on delivery is offered, for shop managers. */
export function DeliverySettingsPage() {
  const query = useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => adminRequest('/deliverySettings', { schema: deliverySettingsResponseSchema, signal }),
    select: (answer) => answer.data,
  });
  return (
    <AdminPage title={pin_admin_title()}>
      {query.isPending ? (
        <LoadingState label={pin_admin_loading()} />
      ) : query.isError ? (
        <LoadError
          title={pin_admin_load_failed()}
          error={query.error}
          what="page"
          onRetry={() => void query.refetch()}
        />
      ) : (
        <DeliverySettingsForm settings={query.data} />
      )}
    </AdminPage>
  );
}
