// This screen is being written; see the open issue.
export default function Page() {
  return <h1 className="p-8 text-2xl font-bold">Search</h1>;
}
