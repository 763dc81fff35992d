"""Survey Editor: write short technical surveys and prove they meet their house rules."""

__version__ = "0.1.0"
APP_ID = "io.github.surveyeditor.SurveyEditor"
APP_NAME = "Survey Editor"
