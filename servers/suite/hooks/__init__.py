"""Host hooks: memory and skills arrive in a host's context without the model asking.

``commands`` is the stdlib-only entry point a host runs; ``daemon`` keeps the domain services warm;
``handlers`` decides what each event injects or records; ``context`` assembles within a token budget.
"""
