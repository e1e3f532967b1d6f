import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { error_pin_unknown } from '@/paraglide/messages/error_pin_unknown.js';
import { error_pincode_invalid } from '@/paraglide/messages/error_pincode_invalid.js';
import { pin_check_button } from '@/paraglide/messages/pin_check_button.js';
import { pin_check_label } from '@/paraglide/messages/pin_check_label.js';
import { pin_check_title } from '@/paraglide/messages/pin_check_title.js';
import { pin_cod_available } from '@/paraglide/messages/pin_cod_available.js';
import { pin_delivery_by } from '@/paraglide/messages/pin_delivery_by.js';
import { pin_offline } from '@/paraglide/messages/pin_offline.js';
import { pin_offline_no_date } from '@/paraglide/messages/pin_offline_no_date.js';
import { checkPin, type DeliveryAnswer, rememberedPin } from '@/lib/delivery/check-delivery';
import { codWords, formatDay, zoneWords } from '@/lib/delivery/delivery-words';

/**
 * "Check delivery to your PIN": the state, the zone, "Delivery by <date>" and whether cash on delivery is offered for
 * an order of `total` paise. The PIN is remembered on the device; offline, its own copy of the PIN list answers.
 */
export function PinCheck({ total }: { total?: number }) {
  const [pincode, setPincode] = useState('');
  const [answer, setAnswer] = useState<DeliveryAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();

  async function check(pin: string) {
    const digits = pin.replace(/\s+/g, '');
    if (!/^[1-9]\d{5}$/.test(digits)) {
      setAnswer(null);
      setError(error_pincode_invalid());
      input.current?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const found = await checkPin(digits, total);
      if (found.kind === 'unknown') {
        setAnswer(null);
        setError(error_pin_unknown());
        input.current?.focus();
      } else setAnswer(found);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  // A PIN remembered from an earlier visit is checked at once (after the first render, which the server may make).
  useEffect(() => {
    const remembered = rememberedPin()?.pincode;
    if (!remembered) return;
    // In a callback, not the effect's body: the page renders once, then the remembered PIN comes in.
    void Promise.resolve().then(() => {
      setPincode(remembered);
      return check(remembered);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, with the PIN the device remembers
  }, []);

  const found = answer?.kind === 'found' ? answer : null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId} data-testid="pin-check">
      <Stack gap="xs">
        <Title order={2} fz="md" id={titleId}>
          {pin_check_title()}
        </Title>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void check(pincode);
          }}
        >
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              ref={input}
              aria-label={pin_check_label()}
              placeholder={pin_check_label()}
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={7}
              value={pincode}
              error={error}
              onChange={(event) => setPincode(event.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <Button type="submit" variant="light" loading={busy}>
              {pin_check_button()}
            </Button>
          </Group>
        </form>
        {found ? (
          <Stack gap={2} role="status" data-testid="pin-answer">
            <Text fw={600}>
              {found.check.district ? `${found.check.district}, ` : ''}
              {found.check.state} · {zoneWords[found.check.zone]()}
            </Text>
            {found.check.delivery ? (
              <Text>{pin_delivery_by({ date: formatDay(found.check.delivery.latest) })}</Text>
            ) : (
              <Text fz="sm">{pin_offline_no_date()}</Text>
            )}
            {found.offline && !found.check.delivery ? null : (
              <Text fz="sm" c={found.check.cod.available ? undefined : 'var(--cv-danger-text)'}>
                {found.check.cod.available ? pin_cod_available() : codWords(found.check.cod)}
              </Text>
            )}
            {found.offline ? (
              <Text fz="xs" c="dimmed">
                {pin_offline()}
              </Text>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
