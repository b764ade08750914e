import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type UpdateSurveySettingsRequest } from "@relais/shared";
import { surveysEndpoints } from "@relais/shared/endpoints/surveys";
import { api } from "../../api/index.ts";
import { useSession } from "../../app/session/session.tsx";
import { keys } from "../messaging/api.ts";
import { surveyKeys } from "./keys.ts";

/** GET organizations/{id}/satisfaction-survey: everyone reads it; `abilities.update` says who may change it. */
export function useSurveySettings() {
  const orgId = useSession().organization.id;
  return useQuery({
    queryKey: surveyKeys.settings,
    queryFn: ({ signal }) => api.call(surveysEndpoints.settings, { params: { id: orgId } }, { signal }),
  });
}

/** PUT organizations/{id}/satisfaction-survey (administrators): the whole setting, replaced. */
export function useUpdateSurveySettings() {
  const orgId = useSession().organization.id;
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSurveySettingsRequest) => api.call(surveysEndpoints.updateSettings, { params: { id: orgId }, body }),
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
    queryFn: ({ signal }) => api.call(surveysEndpoints.threadSurvey, { params: { id: threadId } }, { signal }),
  });
}

/** POST (send) or DELETE (stop) the conversation's survey; the answer is the survey as it now stands. */
export function useSurveyAction(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: "start" | "stop") =>
      action === "start"
        ? api.call(surveysEndpoints.start, { params: { id: threadId } })
        : api.call(surveysEndpoints.stop, { params: { id: threadId } }),
    onSuccess: (next) => {
      queryClient.setQueryData(surveyKeys.thread(threadId), next);
    },
  });
}
