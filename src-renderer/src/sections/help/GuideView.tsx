import { Anchor, Code, Image, List, Table, Text, Title, Typography } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { Link } from 'react-router';
import rehypeSlug from 'rehype-slug';
import remarkGfm from 'remark-gfm';
import { helpLink, pictureUrl, type Guide } from './guides';
import { helpPath } from './help-topics';

/** The plain text of a link's children. */
function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (node && typeof node === 'object' && 'props' in node) return textOf((node.props as { children?: ReactNode }).children);
  return '';
}

/**
 * One guide, rendered from its Markdown by react-markdown (with GitHub's tables): no HTML of the file's own is ever
 * inserted. Headings carry the anchors GitHub gives them, so a link to `club-night.md#x` lands on the same heading here;
 * a link to another guide stays in Help, one to the repository or the web is shown as text (the app opens no page).
 */
export function GuideView({ guide }: { guide: Guide }) {
  const components = useMemo<Components>(() => {
    // the anchors are rehype-slug's, GitHub's own naming (github-slugger)
    const heading =
      (order: 1 | 2 | 3 | 4) =>
      ({ id, children }: { id?: string; children?: ReactNode }) => (
        <Title order={order} id={id} mt={order === 1 ? 0 : 'lg'} mb="xs" style={{ scrollMarginTop: 64 }}>
          {children}
        </Title>
      );
    return {
      h1: heading(1),
      h2: heading(2),
      h3: heading(3),
      h4: heading(4),
      a: ({ href, children }) => {
        const link = helpLink(href ?? '');
        if (link.kind === 'guide')
          return (
            <Anchor component={Link} to={helpPath(link.slug, link.at)}>
              {children}
            </Anchor>
          );
        return (
          <Text span fw={500}>
            {children}
            {/^https?:/.test(link.href) && textOf(children) !== link.href && ` (${link.href})`}
          </Text>
        );
      },
      img: ({ src, alt }) => {
        const url = typeof src === 'string' ? pictureUrl(src) : undefined;
        return url ? <Image src={url} alt={alt ?? ''} radius="sm" my="sm" maw={900} /> : <Text span>{alt}</Text>;
      },
      code: ({ children, className }) => (className ? <Code block>{children}</Code> : <Code>{children}</Code>),
      pre: ({ children }) => <>{children}</>,
      ul: ({ children }) => <List my="xs">{children}</List>,
      ol: ({ children }) => (
        <List type="ordered" my="xs">
          {children}
        </List>
      ),
      li: ({ children }) => <List.Item>{children}</List.Item>,
      table: ({ children }) => (
        <Table.ScrollContainer minWidth={500}>
          <Table withTableBorder withColumnBorders my="sm">
            {children}
          </Table>
        </Table.ScrollContainer>
      ),
    };
  }, []);
  return (
    <Typography>
      <Markdown remarkPlugins={[remarkGfm]} rehypePlugins={[rehypeSlug]} components={components} skipHtml>
        {guide.markdown}
      </Markdown>
    </Typography>
  );
}
