"""`python -m larp`: the same as the `larp` command."""

import sys

from larp.cli import main

sys.exit(main())
