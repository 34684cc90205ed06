/** A PT page whose read failed (the gateway's message, in the page's frame). */
export function PtPageFailed({ title, message }: { title: string; message: string }) {
  return (
    <main className="page pt-page">
      <h1>{title}</h1>
      <div className="notice notice-error" role="alert">
        <p>{message}</p>
      </div>
    </main>
  );
}
