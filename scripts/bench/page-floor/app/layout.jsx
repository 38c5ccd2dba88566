// The page floor's root layout: bare on purpose (no providers, no theme, no fonts), so the floor prices
// what Next.js itself costs for a page.
export const metadata = { title: "Page floor" };

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
