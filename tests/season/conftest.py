from tests.event.conftest import chronicle, cluster, hub  # noqa: F401  (a real hub, a fresh event per test)
from tests.ledger.conftest import isolated_home  # noqa: F401  (autouse: LARP_HOME and LARP_DB in tmp_path)
