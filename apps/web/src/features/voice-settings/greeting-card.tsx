import { useCallback, useEffect, useRef, useState, type SyntheticEvent } from "react";
import { Alert, Button, FileButton, Group, Paper, SegmentedControl, Select, Stack, Switch, Text, Textarea } from "@mantine/core";
import { IconAlertTriangle, IconMicrophone, IconPlayerPlay, IconPlayerStop, IconUpload } from "@tabler/icons-react";
import { FormattedMessage, useIntl } from "react-intl";
import {
  formatBytes,
  formatCallDuration,
  GREETING_KINDS,
  GREETING_LANGUAGES,
  GREETING_SHORT_SECONDS,
  GREETING_TEXT_MAX,
  greetingUsesAudio,
  isShortGreeting,
  MEDIA_LIMITS,
  saveGreetingRequest,
  type AudioRecording,
  type CallPeriod,
  type Greeting,
  type GreetingKind,
  type GreetingLanguage,
} from "@relais/shared";
import { useAlerts } from "../../app/alerts/alerts.tsx";
import { isApiError } from "../../api/index.ts";
import { serverFieldErrors, useFieldError, validate, type FieldErrors } from "../../ui/forms.ts";
import { uploadRecording, useRecordingBlob, useSaveGreeting } from "./api.ts";
import { canRecordWav, RECORDING_MAX_SECONDS, startWavRecording, type WavRecording } from "./wav.ts";

type Props = { teamId: string | null; period: CallPeriod; greeting: Greeting | null; canUpdate: boolean };

/** One period's greeting: kind, its content (file, text and language, or a recording), enabled, preview, save. */
export function GreetingCard({ teamId, period, greeting, canUpdate }: Props) {
  const intl = useIntl();
  const alerts = useAlerts();
  const save = useSaveGreeting(teamId);
  const [kind, setKind] = useState<GreetingKind>(greeting?.kind ?? "TTS");
  const [enabled, setEnabled] = useState(greeting?.enabled ?? false);
  const [text, setText] = useState(greeting?.text ?? "");
  const [language, setLanguage] = useState<GreetingLanguage>(greeting?.language ?? (intl.locale === "en-CA" ? "en-CA" : "fr-CA"));
  const [audio, setAudio] = useState<AudioRecording | null>(greeting?.audio ?? null);
  const [errors, setErrors] = useState<FieldErrors | null>(null);
  const fieldError = useFieldError(errors);
  const title = intl.formatMessage({ id: `config.voicemail.period.${period}` });

  const submit = (event: SyntheticEvent): void => {
    event.preventDefault();
    const body = { teamId, kind, enabled, text: text.trim() ? text : null, language, audioId: audio?.id ?? null };
    const result = validate(saveGreetingRequest, body);
    setErrors(result.errors);
    if (!result.data) {
      return;
    }
    save.mutate(
      { period, body: result.data },
      {
        onSuccess: () => {
          alerts.success("success.greeting-saved");
        },
        onError: (error) => {
          setErrors(serverFieldErrors(error));
          alerts.apiError(error);
        },
      },
    );
  };

  const uploaded = (recording: AudioRecording) => {
    setAudio(recording);
    setErrors(null);
  };
  const uploadFailed = (code: string) => {
    setErrors({ audioId: { key: code } });
  };

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label={title} data-period={period}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap">
            <div>
              <Text fw={700}>{title}</Text>
              <Text size="xs" c="dimmed">
                <FormattedMessage id={`config.voicemail.period-hint.${period}`} />
              </Text>
            </div>
            <Switch
              label={intl.formatMessage({ id: "config.voicemail.enabled" })}
              checked={enabled}
              disabled={!canUpdate}
              onChange={(e) => {
                setEnabled(e.currentTarget.checked);
              }}
            />
          </Group>
          {!greeting ? (
            <Text size="xs" c="dimmed">
              <FormattedMessage id="config.voicemail.not-set" />
            </Text>
          ) : null}
          <div>
            <Text size="sm" fw={500} mb={4} id={`kind-${period}`}>
              <FormattedMessage id="config.voicemail.kind" />
            </Text>
            <SegmentedControl
              fullWidth
              aria-labelledby={`kind-${period}`}
              disabled={!canUpdate}
              value={kind}
              onChange={(value) => {
                setKind(value);
                setErrors(null);
              }}
              data={GREETING_KINDS.map((k) => ({ value: k, label: intl.formatMessage({ id: `config.voicemail.kind.${k}` }) }))}
            />
          </div>

          {kind === "TTS" ? (
            <>
              <Textarea
                label={intl.formatMessage({ id: "config.voicemail.text" })}
                autosize
                minRows={3}
                maxLength={GREETING_TEXT_MAX}
                disabled={!canUpdate}
                value={text}
                onChange={(e) => {
                  setText(e.currentTarget.value);
                }}
                error={fieldError("text")}
              />
              <Group align="flex-end" justify="space-between" wrap="nowrap">
                <Select
                  label={intl.formatMessage({ id: "config.voicemail.language" })}
                  data={GREETING_LANGUAGES.map((l) => ({ value: l, label: intl.formatMessage({ id: `config.voicemail.language.${l}` }) }))}
                  value={language}
                  disabled={!canUpdate}
                  allowDeselect={false}
                  onChange={(value) => {
                    if (value) {
                      setLanguage(value);
                    }
                  }}
                  error={fieldError("language")}
                  w={220}
                />
                <SpeechPreview text={text} language={language} />
              </Group>
            </>
          ) : kind === "FILE" ? (
            <FilePicker disabled={!canUpdate} onUploaded={uploaded} onFailed={uploadFailed} />
          ) : (
            <Recorder disabled={!canUpdate} onUploaded={uploaded} onFailed={uploadFailed} />
          )}

          {greetingUsesAudio(kind) ? (
            <>
              {audio ? <AudioPreview audio={audio} /> : null}
              {fieldError("audioId") ? (
                <Text size="sm" c="red.8" role="alert">
                  {fieldError("audioId")}
                </Text>
              ) : null}
              {audio && isShortGreeting(audio.duration) ? (
                <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="short-greeting">
                  <FormattedMessage id="config.voicemail.short" values={{ seconds: GREETING_SHORT_SECONDS }} />
                </Alert>
              ) : null}
            </>
          ) : null}

          {canUpdate ? (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                <FormattedMessage id="config.voicemail.save" />
              </Button>
            </Group>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}

/** A catalogue key for a failed upload: the server's own, else a generic one. */
function failureCode(error: unknown): string {
  return isApiError(error) ? error.code : "error.unknown";
}

type AudioSource = { disabled: boolean; onUploaded: (recording: AudioRecording) => void; onFailed: (code: string) => void };

/** Picks an mp3 or wav; the size is checked here first, the type and length by the server on the bytes. */
function FilePicker({ disabled, onUploaded, onFailed }: AudioSource) {
  const [busy, setBusy] = useState(false);
  const pick = async (file: File | null) => {
    if (!file) {
      return;
    }
    if (file.size > MEDIA_LIMITS.mediaBytes) {
      onFailed("error.media-size");
      return;
    }
    setBusy(true);
    try {
      onUploaded(await uploadRecording(file, file.name));
    } catch (error) {
      onFailed(failureCode(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group gap="sm">
      <FileButton
        accept="audio/mpeg,audio/wav,.mp3,.wav"
        disabled={disabled || busy}
        onChange={(file) => {
          void pick(file);
        }}
      >
        {(props) => (
          <Button {...props} variant="default" leftSection={<IconUpload size={16} />} loading={busy}>
            <FormattedMessage id="config.voicemail.upload" />
          </Button>
        )}
      </FileButton>
      <Text size="xs" c="dimmed">
        <FormattedMessage id="config.voicemail.upload-hint" />
      </Text>
    </Group>
  );
}

/** Records from the microphone as WAV (wav.ts), then uploads it like a picked file. */
function Recorder({ disabled, onUploaded, onFailed }: AudioSource) {
  const [recording, setRecording] = useState<WavRecording | null>(null);
  const [seconds, setSeconds] = useState(0);
  const [busy, setBusy] = useState(false);

  const stop = useCallback(async () => {
    if (!recording) {
      return;
    }
    setRecording(null);
    setBusy(true);
    try {
      const blob = await recording.stop();
      onUploaded(await uploadRecording(blob, "enregistrement.wav"));
    } catch (error) {
      onFailed(failureCode(error));
    } finally {
      setBusy(false);
    }
  }, [recording, onUploaded, onFailed]);

  // The timer stops at two minutes: past it the file would pass the 2 MB limit.
  const stopRef = useRef(stop);
  useEffect(() => {
    stopRef.current = stop;
  }, [stop]);
  useEffect(() => {
    if (!recording) {
      return undefined;
    }
    const started = Date.now();
    const timer = window.setInterval(() => {
      const elapsed = Math.floor((Date.now() - started) / 1000);
      setSeconds(elapsed);
      if (elapsed >= RECORDING_MAX_SECONDS) {
        void stopRef.current();
      }
    }, 250);
    return () => {
      window.clearInterval(timer);
    };
  }, [recording]);
  // Leaving the screen mid-recording releases the microphone (a recording already stopped ignores it).
  useEffect(() => () => recording?.cancel(), [recording]);

  if (!canRecordWav()) {
    return (
      <Text size="sm" c="dimmed">
        <FormattedMessage id="config.voicemail.record-unsupported" />
      </Text>
    );
  }
  const start = async () => {
    try {
      setSeconds(0);
      setRecording(await startWavRecording());
    } catch {
      onFailed("error.no-microphone");
    }
  };

  return recording ? (
    <Button color="red" leftSection={<IconPlayerStop size={16} />} onClick={() => void stop()}>
      <FormattedMessage id="config.voicemail.record-stop" values={{ duration: formatCallDuration(seconds) }} />
    </Button>
  ) : (
    <Group>
      <Button
        variant="default"
        leftSection={<IconMicrophone size={16} />}
        disabled={disabled || busy}
        loading={busy}
        onClick={() => void start()}
      >
        <FormattedMessage id="config.voicemail.record" />
      </Button>
    </Group>
  );
}

/** The stored audio, fetched through the authorised route, in the browser's player (its object URL freed with it). */
function AudioPreview({ audio }: { audio: AudioRecording }) {
  const intl = useIntl();
  const blob = useRecordingBlob(audio.id);
  const ref = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    const player = ref.current;
    if (!player || !blob.data) {
      return undefined;
    }
    const url = URL.createObjectURL(blob.data);
    player.src = url;
    return () => {
      player.removeAttribute("src");
      URL.revokeObjectURL(url);
    };
  }, [blob.data]);
  return (
    <Stack gap={4}>
      <audio ref={ref} controls preload="metadata" style={{ width: "100%" }} data-testid="greeting-audio" />
      <Text size="xs" c="dimmed">
        <FormattedMessage
          id="config.voicemail.audio"
          values={{ duration: formatCallDuration(Math.round(audio.duration)), size: formatBytes(audio.size, intl.locale) }}
        />
      </Text>
    </Stack>
  );
}

/** The browser's own speech synthesis reads the text; the carrier's voice will differ a little. */
function SpeechPreview({ text, language }: { text: string; language: GreetingLanguage }) {
  const [speaking, setSpeaking] = useState(false);
  const [noVoice, setNoVoice] = useState(false);
  const synth = typeof window !== "undefined" && "speechSynthesis" in window ? window.speechSynthesis : null;
  useEffect(() => () => synth?.cancel(), [synth]);

  const toggle = () => {
    if (!synth) {
      setNoVoice(true);
      return;
    }
    if (speaking) {
      synth.cancel();
      setSpeaking(false);
      return;
    }
    const lang = language.toLowerCase();
    const voice =
      synth.getVoices().find((v) => v.lang.toLowerCase() === lang) ??
      synth.getVoices().find((v) => v.lang.toLowerCase().startsWith(lang.slice(0, 2)));
    if (!voice) {
      setNoVoice(true);
      return;
    }
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.voice = voice;
    utterance.lang = language;
    utterance.onend = () => {
      setSpeaking(false);
    };
    setSpeaking(true);
    synth.speak(utterance);
  };

  return (
    <Stack gap={4} align="flex-end">
      <Button
        variant="default"
        leftSection={speaking ? <IconPlayerStop size={16} /> : <IconPlayerPlay size={16} />}
        disabled={!text.trim()}
        onClick={toggle}
      >
        <FormattedMessage id={speaking ? "config.voicemail.stop" : "config.voicemail.listen"} />
      </Button>
      {noVoice ? (
        <Text size="xs" c="dimmed" maw={280} ta="right" data-testid="no-voice">
          <FormattedMessage id="config.voicemail.no-voice" />
        </Text>
      ) : null}
    </Stack>
  );
}
