// The email tests run a real IMAP server: Debian's dovecot, never a stand-in (issue 14 §5).
// Installs it when absent and this process may (root with apt-get); otherwise fails saying how.
import { existsSync } from "node:fs";
import { execSync } from "node:child_process";

const DOVECOT = process.env.DOVECOT_PATH ?? "/usr/sbin/dovecot";
const LMTP = "/usr/lib/dovecot/lmtp";
if (!existsSync(DOVECOT) || (!process.env.DOVECOT_PATH && !existsSync(LMTP))) {
  const isRoot = process.getuid?.() === 0;
  const hasApt = existsSync("/usr/bin/apt-get");
  if (!isRoot || !hasApt) {
    console.error(
      `Dovecot is missing at ${DOVECOT}. Install Debian's packages: sudo apt-get install -y dovecot-imapd dovecot-lmtpd (or set DOVECOT_PATH).`,
    );
    process.exit(1);
  }
  console.log("Installing Debian's dovecot for the email tests…");
  // policy-rc.d may refuse to start the system's own dovecot: the tests start their own.
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq dovecot-imapd dovecot-lmtpd", {
    stdio: "inherit",
  });
}
