import { Alert, Button, Card, NativeSelect, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { GST_STATES, type ShopLegal, shopLegalInputSchema } from '@/contract/gst';
import { applyServerError, contractResolver, focusFirstError } from '@/lib/form-errors';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { shopLegalQuery, useSaveShopLegal } from '../api/invoices';
import { gst_legal_address_label } from '@/paraglide/messages/gst_legal_address_label.js';
import { gst_legal_gstin_hint } from '@/paraglide/messages/gst_legal_gstin_hint.js';
import { gst_legal_gstin_label } from '@/paraglide/messages/gst_legal_gstin_label.js';
import { gst_legal_missing } from '@/paraglide/messages/gst_legal_missing.js';
import { gst_legal_name_label } from '@/paraglide/messages/gst_legal_name_label.js';
import { gst_legal_offline } from '@/paraglide/messages/gst_legal_offline.js';
import { gst_legal_save } from '@/paraglide/messages/gst_legal_save.js';
import { gst_legal_saved } from '@/paraglide/messages/gst_legal_saved.js';
import { gst_legal_state_label } from '@/paraglide/messages/gst_legal_state_label.js';
import { gst_legal_title } from '@/paraglide/messages/gst_legal_title.js';

const EMPTY: ShopLegal = { legal_name: '', address: '', state_code: '', gstin: '' };

/** The shop's legal name, address, state and GSTIN printed on its tax invoices, for shop managers to set. */
export function ShopLegalCard() {
  const query = useQuery(shopLegalQuery);
  if (query.isPending || query.isError) return null;
  return <ShopLegalForm key={query.data?.gstin ?? ''} legal={query.data} />;
}

function ShopLegalForm({ legal }: { legal: ShopLegal | null }) {
  const save = useSaveShopLegal();
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);
  const form = useForm<ShopLegal>({
    mode: 'controlled',
    initialValues: legal ?? EMPTY,
    validate: contractResolver(shopLegalInputSchema),
  });
  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    setSaved(false);
    try {
      await save.mutateAsync({ input: values, key });
      setKey(newIdempotencyKey());
      setSaved(true);
    } catch (error) {
      setFailure(applyServerError(form, error, gst_legal_offline()));
    }
  });
  return (
    <Card withBorder padding="md">
      <Title order={2} fz="h5" mb="xs">
        {gst_legal_title()}
      </Title>
      <form ref={focusFirstError} onSubmit={submit} noValidate>
        <Stack gap="sm">
          {legal ? null : (
            <Text fz="sm" c="dimmed">
              {gst_legal_missing()}
            </Text>
          )}
          {failure ? (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          ) : null}
          {saved ? (
            <Alert color="green" variant="light" role="status">
              {gst_legal_saved()}
            </Alert>
          ) : null}
          <TextInput label={gst_legal_name_label()} required {...form.getInputProps('legal_name')} />
          <Textarea
            label={gst_legal_address_label()}
            required
            autosize
            minRows={2}
            {...form.getInputProps('address')}
          />
          <NativeSelect
            label={gst_legal_state_label()}
            required
            data={[
              { value: '', label: '' },
              ...GST_STATES.map((state) => ({ value: state.code, label: `${state.name} (${state.code})` })),
            ]}
            {...form.getInputProps('state_code')}
          />
          <TextInput
            label={gst_legal_gstin_label()}
            description={gst_legal_gstin_hint()}
            required
            maxLength={15}
            autoCapitalize="characters"
            styles={{ input: { textTransform: 'uppercase' } }}
            {...form.getInputProps('gstin')}
          />
          <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
            {gst_legal_save()}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
