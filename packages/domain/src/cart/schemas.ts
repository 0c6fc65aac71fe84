// Schemas of this domain; see the open issue.
export {};
