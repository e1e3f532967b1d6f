import { Select } from '@mantine/core';
import { AdminPage } from '@/components/admin/admin-page';
import { slugOf } from '@/contract/admin';
import { type SectionType, sectionTypes } from '@/contract/site';
import type { ContentList } from '../content-lists';
import { type ListSpec, PositionedListEditor } from './positioned-list-editor';

const linkField = {
  name: 'link',
  label: 'Link',
  kind: 'text',
  description: 'A page of this site (/shop) or an address starting with https:// (optional)',
} as const;
const text = (value: unknown) => (typeof value === 'string' ? value : '');

const bannerSpec: ListSpec = {
  noun: 'banner',
  fields: [
    { name: 'image', label: 'Image', kind: 'image', folder: 'banner' },
    {
      name: 'alt',
      label: 'Description for people who cannot see it',
      kind: 'text',
      description: 'Leave empty if the banner is only decoration',
    },
    linkField,
  ],
  titleOf: (_item, index) => `Banner ${index + 1}`,
  detailOf: (item) => `${text(item.alt) || 'No description'}${item.link ? ` · links to ${text(item.link)}` : ''}`,
};

const insiderSpec: ListSpec = {
  noun: 'insider video',
  fields: [
    { name: 'title', label: 'Title', kind: 'text', required: true },
    { name: 'thumbnail', label: 'Thumbnail', kind: 'image', folder: 'inside' },
    {
      name: 'video_link',
      label: 'YouTube address',
      kind: 'text',
      required: true,
      description: 'https://www.youtube.com/watch?v=… or https://youtu.be/…',
    },
    linkField,
  ],
  titleOf: (item) => text(item.title),
  detailOf: (item) => text(item.video_link),
};

const sectionSpec: ListSpec = {
  noun: 'item',
  fields: [
    { name: 'title', label: 'Title', kind: 'text', required: true },
    { name: 'image', label: 'Image', kind: 'image', folder: 'section' },
    { name: 'description', label: 'Description', kind: 'textarea' },
    linkField,
  ],
  titleOf: (item) => text(item.title),
  detailOf: (item) => text(item.description).slice(0, 140),
};

function BannersPage() {
  return (
    <AdminPage title="Banners">
      <PositionedListEditor path="/banners" spec={bannerSpec} />
    </AdminPage>
  );
}

function InsidersPage() {
  return (
    <AdminPage title="Insider videos">
      <PositionedListEditor path="/insiders" spec={insiderSpec} />
    </AdminPage>
  );
}

/** The items of one home page section at a time, the section picked from the spec's eight. */
function SectionsPage({ type, onChange }: { type: SectionType; onChange: (type: SectionType) => void }) {
  return (
    <AdminPage title="Home sections">
      <Select
        label="Section"
        allowDeselect={false}
        data={[...sectionTypes]}
        value={type}
        onChange={(value) => {
          if (value) onChange(value as SectionType);
        }}
        maw={320}
      />
      <PositionedListEditor key={type} path={`/sections/${slugOf(type)}/items`} spec={sectionSpec} />
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
