"""Commands of ``schnapsen-lab`` beyond check and fmt, one module each.

Each module defines ``register(sub)`` that adds its sub-parser (with ``func`` set),
and imports heavy libraries only inside the function that runs the command.
"""
