import { Badge, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { LoadError, LoadingState } from '@/components/query-states';
import type { Coupon } from '@/contract/coupons';
import { formatDate, formatInr } from '@/lib/money';
import { couponsQueryOptions } from '../api/get-coupons';
import { coupons_amount_off } from '@/paraglide/messages/coupons_amount_off.js';
import { coupons_cap } from '@/paraglide/messages/coupons_cap.js';
import { coupons_intro } from '@/paraglide/messages/coupons_intro.js';
import { coupons_load_failed } from '@/paraglide/messages/coupons_load_failed.js';
import { coupons_loading } from '@/paraglide/messages/coupons_loading.js';
import { coupons_minimum } from '@/paraglide/messages/coupons_minimum.js';
import { coupons_none } from '@/paraglide/messages/coupons_none.js';
import { coupons_percent_off } from '@/paraglide/messages/coupons_percent_off.js';
import { coupons_saves_cart } from '@/paraglide/messages/coupons_saves_cart.js';
import { coupons_title } from '@/paraglide/messages/coupons_title.js';
import { coupons_until } from '@/paraglide/messages/coupons_until.js';
import { coupons_use_in_cart } from '@/paraglide/messages/coupons_use_in_cart.js';

function couponRule(coupon: Coupon): string {
  const saving =
    coupon.kind === 'percent'
      ? coupons_percent_off({ value: coupon.value })
      : coupons_amount_off({ amount: formatInr(coupon.value) });
  const cap = coupon.max_discount !== null ? coupons_cap({ amount: formatInr(coupon.max_discount) }) : '';
  const minimum = coupon.min_order > 0 ? coupons_minimum({ amount: formatInr(coupon.min_order) }) : '';
  return `${saving}${cap}${minimum}`;
}

export function CouponsPage() {
  const query = useQuery(couponsQueryOptions());
  return (
    <PageContainer>
      <DocumentTitle page={coupons_title()} />
      <Title order={1} mb="xs">
        {coupons_title()}
      </Title>
      <Text c="dimmed" mb="lg">
        {coupons_intro()}
      </Text>
      {query.isPending ? <LoadingState label={coupons_loading()} /> : null}
      {query.isError && !query.data ? (
        <LoadError
          title={coupons_load_failed()}
          error={query.error}
          what="list of coupons"
          onRetry={() => void query.refetch()}
        />
      ) : null}
      {query.data && query.data.length === 0 ? <Text>{coupons_none()}</Text> : null}
      {query.data && query.data.length > 0 ? (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          {query.data.map((coupon) => (
            <Stack
              key={coupon.code}
              gap={6}
              p="md"
              style={{ border: '1px dashed var(--mantine-color-saffron-8)', borderRadius: 'var(--mantine-radius-md)' }}
            >
              <Group justify="space-between">
                <Badge size="lg" variant="light" color="saffron" radius="sm" tt="none">
                  {coupon.code}
                </Badge>
                {coupon.ends_at ? (
                  <Text fz="xs" c="dimmed">
                    {coupons_until({ date: formatDate(coupon.ends_at) })}
                  </Text>
                ) : null}
              </Group>
              <Text fw={600}>{couponRule(coupon)}</Text>
              {coupon.saving !== null && coupon.saving > 0 ? (
                <Text fz="sm" fw={600} c="var(--cv-success-text)">
                  {coupons_saves_cart({ amount: formatInr(coupon.saving) })}
                </Text>
              ) : null}
              <Text fz="sm" c="dimmed">
                {coupon.description}
              </Text>
              <Button
                renderRoot={(props) => <Link {...props} to="/cart" search={{ coupon: coupon.code }} />}
                variant="light"
                mt="xs"
              >
                {coupons_use_in_cart()}
              </Button>
            </Stack>
          ))}
        </SimpleGrid>
      ) : null}
    </PageContainer>
  );
}
