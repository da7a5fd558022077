import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { Providers } from './providers';
import './styles.css';

export const metadata: Metadata = { title: 'graphql-jwt-auth-react on Next.js' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <nav>
          <Link href="/">Home</Link>
          <Link href="/browser-key">Browser key</Link>
          <Link href="/token-endpoint">Token endpoint</Link>
          <Link href="/bff">BFF proxy</Link>
          <Link href="/prefetched">Prefetched</Link>
        </nav>
        <main>
          <Providers>{children}</Providers>
        </main>
      </body>
    </html>
  );
}
