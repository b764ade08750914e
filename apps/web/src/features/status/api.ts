import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { MAINTENANCE_POLL_MS, type MaintenanceStatus } from "@relais/shared";
import { statusEndpoints } from "@relais/shared/endpoints/status";
import { api } from "../../api/index.ts";

const maintenanceKey = ["maintenance-status"] as const;

/** GET status: public, polled every 120 s on every page, login included (spec part 2 §4). */
export function useMaintenanceStatus() {
  return useQuery({
    queryKey: maintenanceKey,
    queryFn: ({ signal }) => api.call(statusEndpoints.get, {}, { signal, noRefresh: true }),
    refetchInterval: MAINTENANCE_POLL_MS,
    refetchIntervalInBackground: true,
    staleTime: MAINTENANCE_POLL_MS,
    retry: false,
  });
}

/** PUT status (devops). */
export function useUpdateMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: MaintenanceStatus) => api.call(statusEndpoints.update, { body: status }),
    onSuccess: (status) => {
      queryClient.setQueryData(maintenanceKey, status);
    },
  });
}
