import { Breadcrumbs, Text, Title } from '@mantine/core';
import { useLocation } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { DocumentTitle } from '@/components/document-title';
import { PageContainer } from '@/components/page-container';
import { SmartLink } from '@/components/smart-link';
import { breadcrumbsFromPath } from '@/lib/breadcrumbs';
import { policy_breadcrumb } from '@/paraglide/messages/policy_breadcrumb.js';
import { policy_last_updated } from '@/paraglide/messages/policy_last_updated.js';
import classes from './policies.module.css';

/** A policy page: a banner with the title and breadcrumbs built from the URL path (the last one is the title), then the text. */
export function PolicyLayout({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  const pathname = useLocation({ select: (location) => location.pathname });
  const crumbs = breadcrumbsFromPath(pathname, title);
  return (
    <>
      <div className={classes.banner}>
        <PageContainer>
          <DocumentTitle page={title} />
          <Title order={1} className={classes.title}>
            {title}
          </Title>
          <nav aria-label={policy_breadcrumb()}>
            <Breadcrumbs separator="›" classNames={{ root: classes.crumbs, separator: classes.separator }}>
              {crumbs.map((crumb) =>
                crumb.to ? (
                  <SmartLink key={crumb.label} href={crumb.to} className={classes.crumbLink}>
                    {crumb.label}
                  </SmartLink>
                ) : (
                  <span key={crumb.label} aria-current="page">
                    {crumb.label}
                  </span>
                ),
              )}
            </Breadcrumbs>
          </nav>
        </PageContainer>
      </div>
      <PageContainer>
        <article className={classes.article}>
          <Text size="sm" c="dimmed" mb="lg">
            {policy_last_updated({ date: updated })}
          </Text>
          {children}
        </article>
      </PageContainer>
    </>
  );
}

export function PolicySection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={classes.section}>
      <h2 className={classes.heading}>{title}</h2>
      {children}
    </section>
  );
}
