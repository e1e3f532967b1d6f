import { Badge, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { LoadError, LoadingState } from '@/components/query-states';
import type { Coupon } from '@/contract/coupons';
import { formatDate, formatInr } from '@/lib/money';
import { couponsQueryOptions } from '../api/get-coupons';

function couponRule(coupon: Coupon): string {
  const saving = coupon.kind === 'percent' ? `${coupon.value}% off` : `${formatInr(coupon.value)} off`;
  const cap = coupon.max_discount !== null ? `, up to ${formatInr(coupon.max_discount)}` : '';
  const minimum = coupon.min_order > 0 ? ` on orders of ${formatInr(coupon.min_order)} or more` : '';
  return `${saving}${cap}${minimum}`;
}

export function CouponsPage() {
  const query = useQuery(couponsQueryOptions());
  return (
    <PageContainer>
      <DocumentTitle page="Coupons" />
      <Title order={1} mb="xs">
        Coupons
      </Title>
      <Text c="dimmed" mb="lg">
        Coupons you can use today, with what each saves on your cart now. The discount is checked against your cart when
        you apply it.
      </Text>
      {query.isPending ? <LoadingState label="Loading coupons" /> : null}
      {query.isError && !query.data ? (
        <LoadError
          title="The coupons could not be loaded"
          error={query.error}
          what="list of coupons"
          onRetry={() => void query.refetch()}
        />
      ) : null}
      {query.data && query.data.length === 0 ? <Text>No coupons are available to you right now.</Text> : null}
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
                    Until {formatDate(coupon.ends_at)}
                  </Text>
                ) : null}
              </Group>
              <Text fw={600}>{couponRule(coupon)}</Text>
              {coupon.saving !== null && coupon.saving > 0 ? (
                <Text fz="sm" fw={600} c="var(--cv-success-text)">
                  Saves {formatInr(coupon.saving)} on your cart
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
                Use in cart
              </Button>
            </Stack>
          ))}
        </SimpleGrid>
      ) : null}
    </PageContainer>
  );
}
