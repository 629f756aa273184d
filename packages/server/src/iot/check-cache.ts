import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { verifyPassword } from '../lib/passwords.js';

/**
 * The check codes that passed argon2id at a CONNECT, remembered per gateway as an HMAC (under a key
 * that lives only in this process) of the stored hash and the code presented. A fleet reconnecting
 * after a restart or an outage then costs argon2id once per gateway, not once per attempt: at
 * about 40 ms of a core each, a thousand gateways retrying every few seconds kept both cores of a
 * small server busy and the CONNACKs came after the devices had given up. A changed check code
 * (a new stored hash) or a different code presented is verified again; nothing here is written
 * anywhere. Verifications run `parallel` at a time (default 1): a storm of CONNECTs then takes one
 * core, and the console, ingest and the embedded store keep the other.
 */
export class CheckCodeCache {
  private readonly key = randomBytes(32);
  private readonly passed = new Map<number, Buffer>();
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly verify: (stored: string, plain: string) => Promise<boolean> = verifyPassword,
    private readonly parallel = 1,
  ) {}

  async check(gatewayId: number, storedHash: string, presented: string): Promise<boolean> {
    const mac = createHmac('sha256', this.key).update(storedHash).update('\0').update(presented).digest();
    const known = this.passed.get(gatewayId);
    if (known && timingSafeEqual(known, mac)) return true;
    if (this.running >= this.parallel) await new Promise<void>((r) => this.waiting.push(r));
    this.running++;
    try {
      // Another CONNECT of the same gateway may have been verified while this one waited.
      const now = this.passed.get(gatewayId);
      if (now && timingSafeEqual(now, mac)) return true;
      if (!(await this.verify(storedHash, presented))) return false;
      this.passed.set(gatewayId, mac);
      return true;
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  /** Forgets a gateway (deleted or re-keyed): its next CONNECT is verified in full. */
  forget(gatewayId: number): void {
    this.passed.delete(gatewayId);
  }
}
