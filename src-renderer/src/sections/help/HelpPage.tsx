import { Anchor, Card, Grid, NavLink, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, Route, Routes, useParams, useSearchParams } from 'react-router';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { GuideView } from './GuideView';
import { isGuide, loadGuides, type Guide } from './guides';
import { helpPath } from './help-topics';
import { helpIndex } from './help-search';

/**
 * Help: the guides of docs/guide/ inside the app, offline, with a search over every guide's sections. A screen's Help
 * button opens its guide at the heading it names (`/help/<guide>?at=<heading>`).
 */
export function HelpPage() {
  return (
    <Routes>
      <Route index element={<HelpFrame />} />
      <Route path=":slug" element={<HelpFrame />} />
    </Routes>
  );
}

function HelpFrame() {
  const { slug } = useParams();
  const [params] = useSearchParams();
  const at = params.get('at') ?? undefined;
  const guides = useQuery({ queryKey: ['help-guides'], queryFn: loadGuides, staleTime: Infinity });
  const [query, setQuery] = useState('');
  const search = useMemo(() => (guides.data ? helpIndex(guides.data) : null), [guides.data]);
  const hits = useMemo(() => (search ? search(query).slice(0, 12) : []), [search, query]);
  const shown = guides.data?.find((g) => g.slug === (isGuide(slug) ? slug : 'organiser-evening'));

  useEffect(() => {
    if (!shown) return;
    const target = at ? document.getElementById(at) : null;
    if (!target) return void document.getElementById('main-content')?.scrollTo?.({ top: 0 });
    target.scrollIntoView({ block: 'start' });
    // the guide's pictures above the heading take their height as they load: once they have, the heading is put back
    // at the top (unless the reader has scrolled meanwhile)
    const loading = [...document.querySelectorAll<HTMLImageElement>('article img')].filter((img) => !img.complete);
    let moved = false;
    const onMove = () => (moved = true);
    const MOVES = ['wheel', 'touchmove', 'keydown'] as const;
    for (const m of MOVES) window.addEventListener(m, onMove, { once: true });
    void Promise.all(loading.map((img) => img.decode().catch(() => undefined))).then(() => {
      if (!moved) target.scrollIntoView({ block: 'start' });
    });
    return () => {
      for (const m of MOVES) window.removeEventListener(m, onMove);
    };
  }, [shown, at]);

  if (!guides.data) return <Loading label="Loading the guides" />;
  return (
    <>
      <PageHeader title="Help" description="The guides to the app, the same as in its docs folder, searchable and offline." />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Stack gap="sm">
            <TextInput
              label="Search the guides"
              placeholder="e.g. revoke a link"
              leftSection={<IconSearch size={16} />}
              value={query}
              onChange={(e) => setQuery(e.currentTarget.value)}
            />
            <nav aria-label="Guides">
              {guides.data.map((g) => (
                <NavLink key={g.slug} component={Link} to={helpPath(g.slug)} label={g.title} active={g.slug === shown?.slug} />
              ))}
            </nav>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          {query.trim() ? <SearchResults query={query} hits={hits} onOpen={() => setQuery('')} /> : shown && <GuideCard guide={shown} />}
        </Grid.Col>
      </Grid>
    </>
  );
}

function GuideCard({ guide }: { guide: Guide }) {
  return (
    <Card withBorder padding="lg" component="article" aria-label={guide.title}>
      <GuideView guide={guide} />
    </Card>
  );
}

function SearchResults({ query, hits, onOpen }: { query: string; hits: ReturnType<ReturnType<typeof helpIndex>>; onOpen: () => void }) {
  return (
    <section aria-label="Search results">
      <Title order={2} size="h4" mb="sm">
        {hits.length
          ? `${hits.length === 12 ? 'The first 12' : hits.length} ${hits.length === 1 ? 'section' : 'sections'} for “${query.trim()}”`
          : `Nothing found for “${query.trim()}”`}
      </Title>
      <Stack gap="sm">
        {hits.map(({ section, excerpt }) => (
          <Card key={section.id} withBorder padding="sm">
            <Anchor component={Link} to={helpPath(section.slug, section.at || undefined)} onClick={onOpen} fw={600}>
              {section.heading === section.guide ? section.guide : `${section.guide} › ${section.heading}`}
            </Anchor>
            <Text size="sm" c="dimmed">
              {excerpt}
            </Text>
          </Card>
        ))}
      </Stack>
    </section>
  );
}
