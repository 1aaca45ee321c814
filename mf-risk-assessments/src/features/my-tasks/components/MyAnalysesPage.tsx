import { MemberTasksPage } from '@dash/shared-ui/tasks';
import { useMyAnalyses } from '../api/getMyAnalyses';

export default function MyAnalysesPage() {
  return <MemberTasksPage useTasks={useMyAnalyses} namespace="riskAssessments" />;
}
