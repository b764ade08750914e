import { execFile, execFileSync, spawn, type ChildProcess } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort, waitForPort } from "./free-port.ts";

const run = promisify(execFile);

const DOVECOT = process.env.DOVECOT_PATH ?? "/usr/sbin/dovecot";
const DOVEADM = process.env.DOVEADM_PATH ?? "/usr/bin/doveadm";

/** Said by every email test that finds no dovecot: the tests need a real IMAP server, never a skip. */
const DOVECOT_MISSING =
  `Debian's dovecot is missing at ${DOVECOT}: the email tests need a real IMAP server. ` +
  "Run `node scripts/ensure-dovecot.mjs` (as root) or `sudo apt-get install -y dovecot-imapd dovecot-lmtpd` (or set DOVECOT_PATH).";

function idOf(flag: "-u" | "-g", name: string): number {
  return Number(execFileSync("id", [flag, name]).toString().trim());
}

export type Dovecot = {
  imapPort: number;
  lmtpPort: number;
  /** Changes a mailbox's UIDVALIDITY, as a server does when it rebuilds a folder. */
  setUidValidity: (user: string, uidValidity: number) => Promise<void>;
  /** The server's log, for a failing test's message. */
  log: () => string;
  stop: () => Promise<void>;
};

/**
 * Debian's dovecot (imapd and lmtpd) from a configuration of its own in a temporary folder:
 * ports chosen free, no TLS, mailboxes created on first delivery, and only XOAUTH2 /
 * OAUTHBEARER logins, checked by the oauth2 passdb against `userinfoUrl` (the test's OAuth
 * server): an IMAP login succeeds only with a token that server signed and still honours.
 * Runs as the current user; as root, its login processes take Debian's dovenull and dovecot users.
 */
export async function startDovecot(userinfoUrl: string): Promise<Dovecot> {
  if (!existsSync(DOVECOT)) throw new Error(DOVECOT_MISSING);
  const dir = mkdtempSync(path.join(os.tmpdir(), "relais-dovecot-"));
  const [imapPort, lmtpPort] = [await freePort(), await freePort()];
  const user = os.userInfo();
  const root = user.uid === 0;
  for (const sub of ["run", "state", "mail"]) mkdirSync(path.join(dir, sub), { recursive: true });
  // Dovecot never stores mail as root: as root, the mailboxes belong to Debian's dovecot user.
  const owner = root ? { uid: idOf("-u", "dovecot"), gid: idOf("-g", "dovecot") } : { uid: user.uid, gid: user.gid };
  if (root) {
    chmodSync(dir, 0o755);
    chownSync(path.join(dir, "mail"), owner.uid, owner.gid);
  }
  writeFileSync(
    path.join(dir, "oauth2.conf.ext"),
    [
      "introspection_mode = auth",
      `introspection_url = ${userinfoUrl}`,
      "force_introspection = yes",
      "username_attribute = email",
      "active_attribute = active",
      "active_value = true",
      "",
    ].join("\n"),
  );
  const conf = path.join(dir, "dovecot.conf");
  writeFileSync(
    conf,
    `
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
instance_name = relais-test-${path.basename(dir)}
protocols = imap lmtp
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = xoauth2 oauthbearer
# A refused token answers at once: the tests refuse many on purpose.
auth_failure_delay = 0
default_internal_user = ${root ? "dovecot" : user.username}
default_internal_group = ${root ? "dovecot" : execFileSync("id", ["-gn"]).toString().trim()}
default_login_user = ${root ? "dovenull" : user.username}
first_valid_uid = ${owner.uid}
mail_location = maildir:~/Maildir
passdb {
  driver = oauth2
  mechanisms = xoauth2 oauthbearer
  args = ${dir}/oauth2.conf.ext
}
userdb {
  driver = static
  args = uid=${owner.uid} gid=${owner.gid} home=${dir}/mail/%Lu allow_all_users=yes
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${imapPort}
  }
  inet_listener imaps {
    port = 0
  }
}
service lmtp {
  inet_listener lmtp {
    address = 127.0.0.1
    port = ${lmtpPort}
  }
}
service anvil {
  chroot =
}
`,
  );
  const logFile = path.join(dir, "dovecot.log");
  const log = () => (existsSync(logFile) ? readFileSync(logFile, "utf8") : "");
  const child: ChildProcess = spawn(DOVECOT, ["-F", "-c", conf], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    await waitForPort(imapPort, 10_000, "dovecot");
    await waitForPort(lmtpPort, 10_000, "dovecot (lmtp)");
  } catch (err) {
    child.kill("SIGKILL");
    throw new Error(`${(err as Error).message}\n${stderr}\n${log()}`, { cause: err });
  }
  return {
    imapPort,
    lmtpPort,
    setUidValidity: async (mailboxUser, uidValidity) => {
      await run(DOVEADM, ["-c", conf, "mailbox", "update", "-u", mailboxUser, "--uid-validity", String(uidValidity), "INBOX"]);
    },
    log,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
