// Who a contributor is (decision 0405), apart from how it is found out (contributor.ts), so that
// budgets and the app's context can name it without importing the request side.

export interface Contributor {
  sessionId: string | null;
  /** Salted hash of the network group (the same as the revisions' client hash). */
  network: string;
  /** Salted hash of the /48 group. */
  network48: string;
  /** The signed-in administrator's username, when the request carries a live session. */
  admin: string | null;
  /** The address is in TRUSTED_NETWORKS. */
  trustedNetwork: boolean;
}

/** 'admin' and 'trusted' go live; 'new' is held where a rule says so; 'blocked' writes nothing. */
export type TrustLevel = 'admin' | 'trusted' | 'new' | 'blocked';

/** The standing's key of a contributor: its network group and its session. */
export const contributorKey = (network: string, sessionId: string) => `${network}:${sessionId}`;
