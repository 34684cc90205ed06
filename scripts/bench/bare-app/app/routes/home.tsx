// One route, no data: the page of the bare app the bench measures ours against.
export const meta = () => [{ title: 'Bare React Router app' }];

export default function Home() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 16 }}>
      <h1>Bare React Router app</h1>
      <p>One route, no loader, no data: the baseline of npm run bench.</p>
    </main>
  );
}
