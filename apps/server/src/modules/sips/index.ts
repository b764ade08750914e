/** The sips module's public face for the calls module: who has a desk phone to ring. */
export { deskPhonesOf } from "./service.ts";
