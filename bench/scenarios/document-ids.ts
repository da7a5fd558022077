import { type BundleRow, buildApp } from './bundle.js';

/**
 * Issue 49's size row: the minimal app in BFF mode sending ids (`graphqlProxy(url, { sendDocumentIds:
 * true })`, its document the preset's id alone) less the same app sending text (the preset's document
 * node), both built from the package as published. The printer stays in both: a document without an
 * id still needs it, and a bundler cannot tell which an app has (its price is among the guarantees' rows).
 */
export async function documentIdsCost(): Promise<BundleRow[]> {
  const text = await buildApp('proxy-text.tsx');
  const ids = await buildApp('proxy-ids.tsx');
  return [
    { what: 'ids: the minimal app in BFF mode sending text (graphqlProxy(url), the preset’s document node)', ...text },
    { what: 'ids: the same sending ids (graphqlProxy(url, { sendDocumentIds: true }), replaceDocumentWithHash)', ...ids },
    {
      what: 'ids: sending ids less sending text, one document (min + gzip)',
      minBytes: ids.minBytes - text.minBytes,
      gzipBytes: ids.gzipBytes - text.gzipBytes,
    },
  ];
}
