import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { surveySettings, threadSurvey, type UpdateSurveySettingsRequest } from "@relais/shared";
import { api } from "../../api/index.ts";
import { useSession } from "../../app/session/session.tsx";
import { keys } from "../conversations/api.ts";

/** Query keys; a thread's survey sits under the inbox's prefix, so a resync re-reads it with the rest. */
export const surveyKeys = {
  settings: ["satisfaction-survey"] as const,
  thread: (threadId: string) => [...keys.all, "survey", threadId] as const,
};

/** GET organizations/{id}/satisfaction-survey: everyone reads it; `abilities.update` says who may change it. */
export function useSurveySettings() {
  const orgId = useSession().organization.id;
  return useQuery({
    queryKey: surveyKeys.settings,
    queryFn: ({ signal }) => api.get(`organizations/${orgId}/satisfaction-survey`, { schema: surveySettings, signal }),
  });
}

/** PUT organizations/{id}/satisfaction-survey (administrators): the whole setting, replaced. */
export function useUpdateSurveySettings() {
  const orgId = useSession().organization.id;
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSurveySettingsRequest) =>
      api.put(`organizations/${orgId}/satisfaction-survey`, { body, schema: surveySettings }),
    onSuccess: (saved) => {
      queryClient.setQueryData(surveyKeys.settings, saved);
      // Whether a conversation offers the survey depends on the setting.
      void queryClient.invalidateQueries({ queryKey: [...keys.all, "survey"] });
    },
  });
}

/** GET messaging/v1/threads/{id}/survey: the survey running (or the latest) and whether one can be sent. */
export function useThreadSurvey(threadId: string) {
  return useQuery({
    queryKey: surveyKeys.thread(threadId),
    queryFn: ({ signal }) => api.get(`messaging/v1/threads/${threadId}/survey`, { schema: threadSurvey, signal }),
  });
}

/** POST (send) or DELETE (stop) the conversation's survey; the answer is the survey as it now stands. */
export function useSurveyAction(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: "start" | "stop") =>
      action === "start"
        ? api.post(`messaging/v1/threads/${threadId}/survey`, { schema: threadSurvey })
        : api.delete(`messaging/v1/threads/${threadId}/survey`, { schema: threadSurvey }),
    onSuccess: (next) => {
      queryClient.setQueryData(surveyKeys.thread(threadId), next);
    },
  });
}
