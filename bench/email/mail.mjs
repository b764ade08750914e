// The emails of the email benchmark, delivered over LMTP into the local dovecot as an MX would:
// raw RFC 5322 messages of realistic sizes (plain text, HTML with a text part, a few with a PDF
// or JPEG attachment), each carrying a marker so that the staff socket's event names it.
import { randomBytes } from "node:crypto";
import nodemailer from "nodemailer";

const WORDS =
  "bonjour merci rendez-vous dossier clinique notaire signature acte rappel confirmer patient client demain semaine prochaine document joint vente hypothèque nettoyage dentaire radiographie facture paiement question horaire lundi mardi mercredi jeudi vendredi matin après-midi".split(
    " ",
  );

/** A deterministic generator, so that two runs deliver the same mailbox. */
function rng(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

function paragraphs(rand, bytes) {
  const out = [];
  let size = 0;
  while (size < bytes) {
    const n = 8 + Math.floor(rand() * 20);
    const sentence = Array.from({ length: n }, () => WORDS[Math.floor(rand() * WORDS.length)]).join(" ");
    const line = sentence.charAt(0).toUpperCase() + sentence.slice(1) + ".";
    out.push(line);
    size += line.length + 1;
  }
  return out;
}

/** Base64 in 76-column lines, as a mail client writes an attachment. */
const base64Lines = (buf) => buf.toString("base64").replace(/.{1,76}/g, "$&\r\n");

/**
 * Email `i` of a mailbox: 70 % plain text (0.5–4 KB), 27 % HTML with its text part (5–40 KB of
 * markup), 3 % with an attachment (a PDF of 30–300 KB or a JPEG of 20–150 KB). `from` the
 * sender, `marker` a string put in the subject and the first line of the text.
 */
export function buildEmail({ i, from, to, marker = "", seed = 1 }) {
  const rand = rng(seed * 1_000_003 + i);
  const kind = rand();
  const date = new Date(Date.now() - Math.floor(rand() * 20 * 86_400_000)).toUTCString().replace("GMT", "+0000");
  const id = `<bench-${seed}-${i}-${randomBytes(4).toString("hex")}@bench-mail.test>`;
  const subject = `${marker ? `${marker} ` : ""}Rendez-vous ${i}`;
  const text = [marker, ...paragraphs(rand, 500 + Math.floor(rand() * 3500))].filter(Boolean).join("\r\n");
  const head = [`From: ${from}`, `To: ${to}`, `Subject: ${subject}`, `Date: ${date}`, `Message-ID: ${id}`, "MIME-Version: 1.0"];
  const textPart = ["Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: 8bit", "", text];
  if (kind < 0.7) return [...head, ...textPart, ""].join("\r\n");

  const alt = `alt-${i}`;
  const html = paragraphs(rand, 5_000 + Math.floor(rand() * 35_000))
    .map((p) => `<p style="font-family:Arial,sans-serif;font-size:14px;color:#333">${p}</p>`)
    .join("\r\n");
  const alternative = [
    `Content-Type: multipart/alternative; boundary="${alt}"`,
    "",
    `--${alt}`,
    ...textPart,
    `--${alt}`,
    "Content-Type: text/html; charset=utf-8",
    "Content-Transfer-Encoding: 8bit",
    "",
    `<html><body><table width="100%"><tr><td>${marker}</td></tr></table>${html}</body></html>`,
    `--${alt}--`,
  ];
  if (kind < 0.97) return [...head, ...alternative, ""].join("\r\n");

  const mixed = `mixed-${i}`;
  const pdf = rand() < 0.6;
  const bytes = randomBytes(pdf ? 30_000 + Math.floor(rand() * 270_000) : 20_000 + Math.floor(rand() * 130_000));
  // The magic numbers, so that the type read from the bytes matches the declared one.
  (pdf ? Buffer.from("%PDF-1.7\n") : Buffer.from([0xff, 0xd8, 0xff, 0xe0])).copy(bytes);
  const name = pdf ? `document-${i}.pdf` : `photo-${i}.jpg`;
  return [
    ...head,
    `Content-Type: multipart/mixed; boundary="${mixed}"`,
    "",
    `--${mixed}`,
    ...alternative,
    `--${mixed}`,
    `Content-Type: ${pdf ? "application/pdf" : "image/jpeg"}; name="${name}"`,
    "Content-Transfer-Encoding: base64",
    `Content-Disposition: attachment; filename="${name}"`,
    "",
    base64Lines(bytes),
    `--${mixed}--`,
    "",
  ].join("\r\n");
}

/** An LMTP client of dovecot (a pool of `connections`); `deliver` resolves once dovecot stored the email. */
export function lmtpClient(port, connections = 2) {
  const transport = nodemailer.createTransport({
    host: "127.0.0.1",
    port,
    lmtp: true,
    secure: false,
    ignoreTLS: true,
    pool: true,
    maxConnections: connections,
    maxMessages: Infinity,
  });
  return {
    deliver: (to, raw, from = "expediteur@bench-mail.test") => transport.sendMail({ envelope: { from, to: [to] }, raw }),
    close: () => transport.close(),
  };
}
