import { Select } from '@mantine/core';
import { AdminPage } from '@/components/admin/admin-page';
import { slugOf } from '@/contract/admin';
import { type SectionType, sectionTypes } from '@/contract/site';
import type { ContentList } from '../content-lists';
import { type FieldSpec, type ListSpec, PositionedListEditor } from './positioned-list-editor';
import { content_alt } from '@/paraglide/messages/content_alt.js';
import { content_alt_hint } from '@/paraglide/messages/content_alt_hint.js';
import { content_banner } from '@/paraglide/messages/content_banner.js';
import { content_banner_number } from '@/paraglide/messages/content_banner_number.js';
import { content_banners } from '@/paraglide/messages/content_banners.js';
import { content_description } from '@/paraglide/messages/content_description.js';
import { content_image } from '@/paraglide/messages/content_image.js';
import { content_insider } from '@/paraglide/messages/content_insider.js';
import { content_insiders } from '@/paraglide/messages/content_insiders.js';
import { content_item } from '@/paraglide/messages/content_item.js';
import { content_link } from '@/paraglide/messages/content_link.js';
import { content_link_hint } from '@/paraglide/messages/content_link_hint.js';
import { content_links_to } from '@/paraglide/messages/content_links_to.js';
import { content_no_description } from '@/paraglide/messages/content_no_description.js';
import { content_section } from '@/paraglide/messages/content_section.js';
import { content_section_cine_audition } from '@/paraglide/messages/content_section_cine_audition.js';
import { content_section_cine_awards } from '@/paraglide/messages/content_section_cine_awards.js';
import { content_section_cine_course } from '@/paraglide/messages/content_section_cine_course.js';
import { content_section_cine_fashion } from '@/paraglide/messages/content_section_cine_fashion.js';
import { content_section_cine_news } from '@/paraglide/messages/content_section_cine_news.js';
import { content_section_cine_trailer } from '@/paraglide/messages/content_section_cine_trailer.js';
import { content_section_magazine } from '@/paraglide/messages/content_section_magazine.js';
import { content_section_testimonial } from '@/paraglide/messages/content_section_testimonial.js';
import { content_sections } from '@/paraglide/messages/content_sections.js';
import { content_thumbnail } from '@/paraglide/messages/content_thumbnail.js';
import { content_title } from '@/paraglide/messages/content_title.js';
import { content_youtube } from '@/paraglide/messages/content_youtube.js';

// The lists' words are in the page's language: each spec is made when its screen renders, never at import.
const linkField = (): FieldSpec => ({
  name: 'link',
  label: content_link(),
  kind: 'text',
  description: content_link_hint(),
});
const text = (value: unknown) => (typeof value === 'string' ? value : '');

const bannerSpec = (): ListSpec => ({
  noun: content_banner(),
  fields: [
    { name: 'image', label: content_image(), kind: 'image', folder: 'banner' },
    {
      name: 'alt',
      label: content_alt(),
      kind: 'text',
      description: content_alt_hint(),
    },
    linkField(),
  ],
  titleOf: (_item, index) => content_banner_number({ number: index + 1 }),
  detailOf: (item) =>
    `${text(item.alt) || content_no_description()}${item.link ? content_links_to({ link: text(item.link) }) : ''}`,
});

const insiderSpec = (): ListSpec => ({
  noun: content_insider(),
  fields: [
    { name: 'title', label: content_title(), kind: 'text', required: true },
    { name: 'thumbnail', label: content_thumbnail(), kind: 'image', folder: 'inside' },
    {
      name: 'video_link',
      label: content_youtube(),
      kind: 'text',
      required: true,
      description: 'https://www.youtube.com/watch?v=… or https://youtu.be/…',
    },
    linkField(),
  ],
  titleOf: (item) => text(item.title),
  detailOf: (item) => text(item.video_link),
});

const sectionSpec = (): ListSpec => ({
  noun: content_item(),
  fields: [
    { name: 'title', label: content_title(), kind: 'text', required: true },
    { name: 'image', label: content_image(), kind: 'image', folder: 'section' },
    { name: 'description', label: content_description(), kind: 'textarea' },
    linkField(),
  ],
  titleOf: (item) => text(item.title),
  detailOf: (item) => text(item.description).slice(0, 140),
});

/** Each home section's name as the home page shows it, in the page's language (read when shown). */
const sectionLabels: Record<SectionType, string> = {
  get 'Cine News'() {
    return content_section_cine_news();
  },
  get 'Cine Fashion'() {
    return content_section_cine_fashion();
  },
  get 'Cine Course'() {
    return content_section_cine_course();
  },
  get 'Cine Audition'() {
    return content_section_cine_audition();
  },
  get Testimonial() {
    return content_section_testimonial();
  },
  get 'Cine Trailer'() {
    return content_section_cine_trailer();
  },
  get 'Cine Awards'() {
    return content_section_cine_awards();
  },
  get Magazine() {
    return content_section_magazine();
  },
};

function BannersPage() {
  return (
    <AdminPage title={content_banners()}>
      <PositionedListEditor path="/banners" spec={bannerSpec()} />
    </AdminPage>
  );
}

function InsidersPage() {
  return (
    <AdminPage title={content_insiders()}>
      <PositionedListEditor path="/insiders" spec={insiderSpec()} />
    </AdminPage>
  );
}

/** The items of one home page section at a time, the section picked from the spec's eight. */
function SectionsPage({ type, onChange }: { type: SectionType; onChange: (type: SectionType) => void }) {
  return (
    <AdminPage title={content_sections()}>
      <Select
        label={content_section()}
        allowDeselect={false}
        data={sectionTypes.map((value) => ({ value, label: sectionLabels[value] }))}
        value={type}
        onChange={(value) => {
          if (value) onChange(value as SectionType);
        }}
        maw={320}
      />
      <PositionedListEditor key={type} path={`/sections/${slugOf(type)}/items`} spec={sectionSpec()} />
    </AdminPage>
  );
}

/** One of the ordered lists: `type` picks a home section. */
export function ContentPage({
  list,
  type,
  onChange,
}: {
  list: ContentList;
  type: SectionType;
  onChange: (search: { type?: SectionType }) => void;
}) {
  if (list === 'banners') return <BannersPage />;
  if (list === 'insiders') return <InsidersPage />;
  return <SectionsPage type={type} onChange={(next) => onChange({ type: next })} />;
}
