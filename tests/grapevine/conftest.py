from tests.ledger.conftest import isolated_home  # noqa: F401  (autouse: LARP_HOME and LARP_DB in tmp_path)
