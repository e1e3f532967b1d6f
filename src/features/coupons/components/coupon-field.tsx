import { Button, Group, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { focusFirstError } from '@/lib/form-errors';
import { formatInr } from '@/lib/money';
import type { CouponCheck, CouponComparison } from '../api/apply-coupon';
import classes from './coupons.module.css';
import { coupons_applied } from '@/paraglide/messages/coupons_applied.js';
import { coupons_applied_saving } from '@/paraglide/messages/coupons_applied_saving.js';
import { coupons_apply } from '@/paraglide/messages/coupons_apply.js';
import { coupons_check_failed } from '@/paraglide/messages/coupons_check_failed.js';
import { coupons_chosen } from '@/paraglide/messages/coupons_chosen.js';
import { coupons_code } from '@/paraglide/messages/coupons_code.js';
import { coupons_form } from '@/paraglide/messages/coupons_form.js';
import { coupons_less } from '@/paraglide/messages/coupons_less.js';
import { coupons_offline } from '@/paraglide/messages/coupons_offline.js';
import { coupons_remove } from '@/paraglide/messages/coupons_remove.js';
import { coupons_replaces } from '@/paraglide/messages/coupons_replaces.js';
import { coupons_required } from '@/paraglide/messages/coupons_required.js';
import { coupons_same } from '@/paraglide/messages/coupons_same.js';
import { coupons_saves } from '@/paraglide/messages/coupons_saves.js';
import { coupons_two } from '@/paraglide/messages/coupons_two.js';
import { coupons_use_instead } from '@/paraglide/messages/coupons_use_instead.js';

export interface CouponFieldProps {
  appliedCode: string | undefined;
  check: CouponCheck;
  onApply: (code: string) => void;
  onRemove: () => void;
  /** Two coupons for this cart, both savings shown; null otherwise. */
  comparison?: CouponComparison | null;
  /** The shopper takes the other coupon of the comparison. */
  onChoose?: (comparison: CouponComparison) => void;
  /** A second code being checked against the applied one. */
  comparing?: boolean;
  /** Why the code entered last was not applied, while another stays applied. */
  attemptError?: string | null;
  /** A code applied other than by typing it here (and a count of such changes): the field then shows it. */
  shown?: { code: string; at: number } | null;
}

/** Which coupon stays and why, in a sentence. */
function comparisonNote({ applied, other, entered, chosen }: CouponComparison): string {
  if (chosen) return coupons_chosen({ applied: applied.code, other: other.code, amount: formatInr(other.saving) });
  if (applied.saving === other.saving) {
    return coupons_same({ applied: applied.code, other: other.code, amount: formatInr(applied.saving) });
  }
  return entered === applied.code
    ? coupons_replaces({ applied: applied.code, other: other.code })
    : coupons_less({ entered, applied: applied.code });
}

/** Enter a code, see its discount or why it does not apply, next to the field. */
export function CouponField({
  appliedCode,
  check,
  onApply,
  onRemove,
  comparison,
  onChoose,
  comparing,
  attemptError,
  shown,
}: CouponFieldProps) {
  const [text, setText] = useState(appliedCode ?? '');
  const [shownSeen, setShownSeen] = useState(shown?.at);
  if (shown && shown.at !== shownSeen) {
    setShownSeen(shown.at);
    setText(shown.code);
  }
  const [localError, setLocalError] = useState<string | null>(null);
  const serverError =
    attemptError ??
    (check.state === 'refused'
      ? check.message
      : check.state === 'offline'
        ? coupons_offline()
        : check.state === 'failed'
          ? coupons_check_failed()
          : null);
  const applied = check.state === 'applied' ? check.coupon : null;

  return (
    <form
      ref={focusFirstError}
      noValidate
      aria-label={coupons_form()}
      onSubmit={(event) => {
        event.preventDefault();
        const code = text.trim().toUpperCase();
        if (!code) {
          setLocalError(coupons_required());
          return;
        }
        setLocalError(null);
        onApply(code);
      }}
    >
      <Group align="flex-start" gap="xs" mt="md" wrap="nowrap">
        <TextInput
          label={coupons_code()}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setLocalError(null);
          }}
          error={localError ?? serverError}
          autoCapitalize="characters"
          style={{ flex: 1 }}
        />
        <Button type="submit" variant="default" mt={25} loading={check.state === 'checking' || comparing}>
          {coupons_apply()}
        </Button>
      </Group>
      {applied && comparison ? (
        <div className={classes.comparison} role="status" aria-label={coupons_two()}>
          <Text fz="sm">{comparisonNote(comparison)}</Text>
          <ul className={classes.savings}>
            {[comparison.applied, comparison.other].map((coupon) => (
              <li key={coupon.code}>
                <Text fz="sm" fw={600}>
                  {coupon.code}
                </Text>
                <Text fz="sm">{coupons_saves({ amount: formatInr(coupon.saving) })}</Text>
                {coupon === comparison.applied ? (
                  <Text fz="sm" c="var(--cv-success-text)" fw={600}>
                    {coupons_applied()}
                  </Text>
                ) : (
                  <Button variant="light" size="compact-sm" onClick={() => onChoose?.(comparison)}>
                    {coupons_use_instead({ code: coupon.code })}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {applied ? (
        <Group justify="space-between" mt={6} wrap="nowrap" role="status">
          <Text fz="sm" c="var(--cv-success-text)" style={{ flex: 1, minWidth: 0 }}>
            {coupons_applied_saving({ code: applied.code, amount: formatInr(applied.discount) })}
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            style={{ flexShrink: 0 }}
            onClick={() => {
              setText('');
              onRemove();
            }}
          >
            {coupons_remove()}
          </Button>
        </Group>
      ) : null}
    </form>
  );
}
