import { cookies } from "next/headers";

// One dynamic page: it reads the request's cookies (so it renders per request, as a signed-in page does)
// and renders a 40-item list.
const ITEMS = Array.from({ length: 40 }, (_, i) => ({ id: i + 1, title: `Course ${i + 1}`, progress: (i * 7) % 101 }));

export default async function Page() {
  const session = (await cookies()).get("next-auth.session-token")?.value;
  return (
    <main>
      <h1>{session ? "Signed in" : "Signed out"}</h1>
      <ul>
        {ITEMS.map((item) => (
          <li key={item.id}>
            {item.title}: {item.progress}%
          </li>
        ))}
      </ul>
    </main>
  );
}
