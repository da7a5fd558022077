import { parse } from 'graphql';
import type { TypedDocumentNode } from '../../src/index.js';

export interface DemoItem {
  id: string;
  title: string;
  done: boolean;
  region: string;
}

export const DemoItemsDocument: TypedDocumentNode<{ items: DemoItem[] }, { first?: number }> = parse(
  'query DemoItems($first: Int) { items(first: $first) { id title done region } }',
);

export const DemoViewerDocument: TypedDocumentNode<{ viewer: { name: string; region: string } }, Record<string, never>> =
  parse('query DemoViewer { viewer { name region } }');

export const DemoAddItemDocument: TypedDocumentNode<{ addItem: DemoItem }, { title: string }> = parse(
  'mutation DemoAddItem($title: String!) { addItem(title: $title) { id title done region } }',
);
