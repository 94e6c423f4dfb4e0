import sys

from voicebot.cli import main

sys.exit(main())
