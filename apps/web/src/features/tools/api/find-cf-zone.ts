import { z } from 'zod';
import { cfAnswer, relay } from './cfdns-relay.ts';

export const cfZone = z.object({ id: z.string(), name: z.string(), status: z.string() }).loose();
export type CfZone = z.infer<typeof cfZone>;
const answer = cfAnswer(z.array(cfZone));
export type FindZoneAnswer = z.infer<typeof answer>;

/** Cloudflare GET /zones?name= through the relay. */
export const findCfZone = (cfToken: string, name: string, signal?: AbortSignal): Promise<FindZoneAnswer> => relay('zones', { name }, cfToken, answer, signal);
